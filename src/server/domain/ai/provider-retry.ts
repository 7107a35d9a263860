/**
 * Retries of a provider call before anything reached the player (issue 20 §1): 429, 5xx,
 * connection errors and timeouts are tried again with exponential backoff and jitter, honouring
 * the provider's Retry-After, within a bounded total wait; then the next fallback model
 * (AI_FALLBACK_MODELS) is tried in order. Used by the chat client (ai/openai-client.ts) and by the
 * images API's fetch (ai/illustrator/openai-illustrator.ts).
 */

import type { ProviderFailureKind } from "../../platform/ops/metrics";


/** The provider answered with an error (HTTP status, an error event, a cut or stalled connection). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: ProviderFailureKind,
    readonly details: { status?: number; body?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = "ProviderError";
  }

  get status(): number | undefined {
    return this.details.status;
  }

  /** Failures worth another attempt: a busy or unreachable provider, not a refused request. */
  get retryable(): boolean {
    return this.kind !== "client_error" && this.kind !== "invalid_answer";
  }
}

/** Node's network error codes that mean "the connection failed, try again". */
const CONNECTION_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "EPIPE", "ETIMEDOUT", "EAI_AGAIN", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "UND_ERR_SOCKET", "ECONNABORTED"]);

/**
 * The ProviderError for any failure of a call: itself, an HTTP status (429 → rate_limited,
 * 408 → timeout, 5xx → server_error, other 4xx → client_error), or a network error (connection).
 * Output: null for anything else (a bug, the caller's abort), which is never retried.
 */
export function asProviderError(error: unknown): ProviderError | null {
  if (error instanceof ProviderError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  if ((typeof code === "string" && CONNECTION_CODES.has(code)) || (typeof cause === "string" && CONNECTION_CODES.has(cause))) {
    return new ProviderError(`Connection failed: ${String(code ?? cause)}`, "connection");
  }
  if (error instanceof Error && /socket hang up|fetch failed|other side closed/i.test(error.message)) return new ProviderError(error.message, "connection");
  return null;
}

/** The kind of failure an HTTP status of the provider means. */
export function kindOfStatus(status: number): ProviderFailureKind {
  if (status === 429) return "rate_limited";
  if (status === 408) return "timeout";
  if (status >= 500) return "server_error";
  return "client_error";
}

/**
 * The wait a provider asks for, ms: `retry-after-ms` (OpenAI), else `Retry-After` in seconds or
 * as an HTTP date. Output: undefined when absent or unreadable.
 */
export function retryAfterMs(header: (name: string) => string | null | undefined, now = Date.now()): number | undefined {
  const ms = Number(header("retry-after-ms"));
  if (header("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const value = header("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface RetryPolicy {
  /** Longest time, ms, from the call's start after which no new attempt begins (AI_RETRY_MAX_WAIT_MS). */
  maxWaitMs: number;
  /** First backoff, ms; doubled at each attempt on the same model (equal jitter: half fixed, half random). */
  baseDelayMs: number;
  /** Longest single backoff, ms. */
  maxDelayMs: number;
  /** Attempts on one model before the next fallback model is tried. */
  attemptsPerModel: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxWaitMs: 20_000, baseDelayMs: 500, maxDelayMs: 8_000, attemptsPerModel: 4 };

/** A retry about to happen: what failed, on which model, and how long before the next attempt. */
export interface RetryNotice {
  model: string;
  nextModel: string;
  error: ProviderError;
  delayMs: number;
  /** 1 for the first retry. */
  retry: number;
}

/**
 * Runs `attempt(model)` until it succeeds, on `models` in order (the main one, then the
 * fallbacks): a retryable ProviderError waits (Retry-After, else backoff with jitter) and tries
 * again, at most `attemptsPerModel` times per model, and never starts an attempt past
 * `maxWaitMs` from the start. `onRetry` hears every retry before its wait; `signal` ends the
 * wait. Output: the attempt's result and the model that gave it. Throws the last error (a
 * non-retryable one at once), or the signal's reason.
 */
export async function withRetries<T>(
  models: readonly string[],
  policy: RetryPolicy,
  attempt: (model: string) => Promise<T>,
  hooks: { signal?: AbortSignal; onRetry?: (notice: RetryNotice) => void; random?: () => number } = {},
): Promise<{ result: T; model: string }> {
  const started = Date.now();
  const random = hooks.random ?? Math.random;
  let retries = 0;
  for (let m = 0; m < models.length; m++) {
    const model = models[m]!;
    for (let n = 0; n < policy.attemptsPerModel; n++) {
      try {
        return { result: await attempt(model), model };
      } catch (error) {
        const failure = hooks.signal?.aborted ? null : asProviderError(error);
        if (!failure?.retryable) throw error;
        const lastOnModel = n === policy.attemptsPerModel - 1;
        const nextModel = lastOnModel ? models[m + 1] : model;
        if (nextModel === undefined) throw failure;
        const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** n);
        // A new model starts at once; the same one waits what it asked, or the backoff.
        const delayMs = nextModel !== model ? 0 : Math.round(failure.details.retryAfterMs ?? backoff / 2 + (random() * backoff) / 2);
        if (Date.now() - started + delayMs > policy.maxWaitMs) throw failure;
        hooks.onRetry?.({ model, nextModel, error: failure, delayMs, retry: ++retries });
        await sleep(delayMs, hooks.signal);
        if (nextModel !== model) break;
      }
    }
  }
  throw new ProviderError("No model left to try", "server_error");
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", aborted);
    };
    const aborted = () => {
      done();
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    signal?.addEventListener("abort", aborted, { once: true });
  });
}
