/**
 * Over 350 lines: one client for every text call (stream, retries, timeouts, usage) kept whole so no call path differs.
 * A lean client of an OpenAI-compatible chat-completions endpoint (POST {baseURL}/chat/completions)
 * for every text call to the provider: the narration, streamed, the choice repair, the narrator
 * memory's short completions, the pictures' titles and the template helpers
 * (docs/decisions/0010-narrator-provider-client.md; issue 12 Server; ADR 0014, issue 20 §1).
 *
 * Requests go over node:http(s) with keep-alive agents; a streamed answer's server-sent events
 * are read by eventsource-parser straight from the socket's chunks and each is JSON-parsed once.
 *
 * A flaky provider is survived (issue 20 §1): until the first piece of text has been received,
 * a 429, a 5xx, a connection error or a stalled socket is retried (provider-retry.ts: backoff
 * with jitter, Retry-After honoured, a bounded total wait, then the fallback models); once text
 * has been streamed nothing is retried (the player's 'Riprova' is the way). Sockets have a
 * connect timeout, an idle timeout and a total time limit. Every attempt that fails and every
 * call that ends is reported to the ProviderObserver (logs with the provider's status and body,
 * never the key; metrics; usage rows).
 */

import http from "node:http";
import https from "node:https";
import { createParser } from "eventsource-parser";
import { tokensOf } from "./tokens";
import type { AiPurpose } from "../../platform/ops/metrics";
import { NO_OBSERVER, type ProviderObserver } from "./provider-observer";
import { DEFAULT_RETRY_POLICY, kindOfStatus, ProviderError, type RetryNotice, type RetryPolicy, retryAfterMs, withRetries } from "./provider-retry";

export { ProviderError } from "./provider-retry";

/** Socket limits of one attempt, ms (0 = none). */
export interface SocketTimeouts {
  /** Until the TCP (and TLS) connection is up. */
  connectMs: number;
  /** Longest silence of the socket: before the answer's headers, and between two pieces of it. */
  idleMs: number;
  /** Longest whole call, retries included. */
  totalMs: number;
}

export interface ChatClientOptions {
  /** e.g. https://api.openai.com/v1 (the path /chat/completions is appended). */
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Models tried in order when the main one keeps failing (AI_FALLBACK_MODELS). */
  fallbackModels?: readonly string[];
  /**
   * The output-length field: 'max_completion_tokens' (what OpenAI's current models want; its
   * newer models refuse 'max_tokens') or 'max_tokens' (what other OpenAI-compatible servers read).
   */
  tokenParameter?: "max_tokens" | "max_completion_tokens";
  /** Ask streamed answers to end with their usage (stream_options.include_usage). */
  streamUsage?: boolean;
  timeouts?: Partial<SocketTimeouts>;
  retry?: Partial<RetryPolicy>;
  observer?: ProviderObserver;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** What one chat completion asks (OpenAI chat-completions fields; undefined ones are left out). */
export interface ChatRequest {
  messages: readonly ChatMessage[];
  /** What the call is for: its usage row and metrics (issue 20 §4). */
  purpose: AiPurpose;
  temperature?: number;
  maxTokens?: number;
  /** Structured output: the answer must be JSON matching this JSON Schema. */
  jsonSchema?: { name: string; schema: unknown };
  /** Extra request headers (e.g. the memory's marker header). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Told before each retry's wait (the narration shows "Il narratore ci sta pensando…"). */
  onRetry?: (notice: RetryNotice) => void;
}

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** Most bytes read from one non-streamed answer or one event (a model answer is a few KB). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

const DEFAULT_TIMEOUTS: SocketTimeouts = { connectMs: 10_000, idleMs: 60_000, totalMs: 300_000 };

/** The configured chat model for one-off calls: its client and its name; null when no provider is set. */
export type ConfiguredChat = { client: ChatClient; label: string } | null;

/** Answers of the chat-completions endpoint. */
export interface ChatClient {
  /**
   * Streams the answer's text as it arrives (choices[0].delta.content pieces, in order).
   * Throws ProviderError on an HTTP error, an error event, a stream that ends without a finish
   * reason (a cut connection) or a timeout, once the retries allowed before the first piece are
   * spent; the signal's abort reason when `signal` aborts.
   */
  stream(request: ChatRequest): AsyncGenerator<string>;
  /** The whole answer's text (choices[0].message.content). Throws as {@link stream}. */
  complete(request: ChatRequest): Promise<string>;
}

/** Token counts the provider reported (OpenAI `usage`). */
interface ReportedUsage {
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
}

/** What the reading of one streamed answer has learnt so far. */
interface StreamState {
  finished: boolean;
  usage?: ReportedUsage;
}

/**
 * The output-length field for a provider (AI_TOKEN_PARAMETER=auto): OpenAI's own API takes
 * max_completion_tokens (its reasoning models refuse max_tokens); other servers read max_tokens.
 * Input: the base URL. Output: the field's name.
 */
export function tokenParameterFor(baseURL: string): "max_tokens" | "max_completion_tokens" {
  return new URL(baseURL).hostname === "api.openai.com" ? "max_completion_tokens" : "max_tokens";
}

/** Creates a client of `options.baseURL` for `options.model` (and its fallbacks). */
export function createChatClient(options: ChatClientOptions): ChatClient {
  const url = new URL(`${options.baseURL.replace(/\/+$/, "")}/chat/completions`);
  const secure = url.protocol === "https:";
  const transport = secure ? https : http;
  const agent = secure ? agents.https : agents.http;
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const models = [options.model, ...(options.fallbackModels ?? [])];
  const observer = options.observer ?? NO_OBSERVER;
  const tokenParameter = options.tokenParameter ?? tokenParameterFor(options.baseURL);

  const body = (model: string, request: ChatRequest, stream: boolean) =>
    JSON.stringify({
      model,
      messages: request.messages,
      [tokenParameter]: request.maxTokens,
      temperature: request.temperature,
      response_format: request.jsonSchema ? { type: "json_schema", json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true } } : undefined,
      stream: stream || undefined,
      stream_options: stream && options.streamUsage ? { include_usage: true } : undefined,
    });

  /** Sends one attempt; resolves with the response once its status is 2xx, else rejects with ProviderError. */
  const send = (model: string, request: ChatRequest, stream: boolean, signal: AbortSignal) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const payload = body(model, request, stream);
      const req = transport.request(url, {
        method: "POST",
        agent,
        signal,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          accept: stream ? "text/event-stream" : "application/json",
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          ...request.headers,
        },
      });
      guardSocket(req, timeouts);
      req.once("error", reject);
      req.once("response", (res) => {
        if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) return resolve(res);
        const status = res.statusCode ?? 0;
        const retryAfter = retryAfterMs((name) => headerOf(res, name));
        readAll(res)
          .catch(() => "")
          .then((text) => reject(new ProviderError(`Provider HTTP ${status}`, kindOfStatus(status), { status, body: withoutKeys(text.slice(0, 500), options.apiKey), retryAfterMs: retryAfter })));
      });
      req.end(payload);
    });

  /**
   * Runs `attempt` with the retries of provider-retry.ts, reporting each failed attempt, within
   * the total time limit. Output: the result, the model that gave it and the call's signal.
   */
  const retrying = async <T>(request: ChatRequest, attempt: (model: string, signal: AbortSignal) => Promise<T>) => {
    const signal = timeouts.totalMs > 0 ? AbortSignal.any([request.signal ?? new AbortController().signal, AbortSignal.timeout(timeouts.totalMs)]) : (request.signal ?? new AbortController().signal);
    try {
      const { result, model } = await withRetries(models, policy, (model) => attempt(model, signal), {
        signal,
        onRetry: (notice) => {
          observer.attemptFailed({ purpose: request.purpose, model: notice.model, error: notice.error, retryInMs: notice.delayMs });
          request.onRetry?.(notice);
        },
      });
      return { result, model, signal };
    } catch (error) {
      throw timedOut(signal, request.signal) ?? error;
    }
  };

  const inputTokens = (request: ChatRequest) => request.messages.reduce((sum, m) => sum + tokensOf(m.content), 0);

  /**
   * Reports the end of a call. Tokens count only once the provider accepted it (`answered`): from
   * its `usage` when given, else counted with the tokenizer (what was sent, what came back).
   */
  const ended = (request: ChatRequest, call: { model: string; started: number; answered: boolean; text: string; usage?: ReportedUsage; firstChunkMs?: number; error?: ProviderError }) => {
    const { usage, answered } = call;
    const reported = typeof usage?.prompt_tokens === "number" && typeof usage.completion_tokens === "number";
    return observer.callEnded({
      purpose: request.purpose,
      operation: "chat",
      model: call.model,
      durationMs: performance.now() - call.started,
      firstChunkMs: call.firstChunkMs,
      inputTokens: reported ? (usage!.prompt_tokens as number) : answered ? inputTokens(request) : 0,
      outputTokens: reported ? (usage!.completion_tokens as number) : tokensOf(call.text),
      reported,
      error: call.error,
    });
  };

  /**
   * A call that ended without its answer: a provider failure is reported (logged once, with its
   * status and body) and the call recorded; the caller's abort ('Stop') only records what was
   * received. Output: the error to throw.
   */
  const failed = async (request: ChatRequest, call: { model: string; started: number; answered: boolean; text: string }, error: unknown) => {
    const failure = error instanceof ProviderError ? error : timedOutError(error);
    if (failure) observer.attemptFailed({ purpose: request.purpose, model: call.model, error: failure });
    await ended(request, { ...call, error: failure ?? undefined });
    return failure ?? error;
  };

  return {
    async *stream(request) {
      const started = performance.now();
      let model = options.model;
      let text = "";
      let state: StreamState | undefined;
      let res: http.IncomingMessage | undefined;
      let firstChunkMs: number | undefined;
      try {
        // Until the first piece of text arrives, any retryable failure is tried again.
        const opened = await retrying(request, async (attemptModel, signal) => {
          model = attemptModel;
          const response = await send(attemptModel, request, true, signal);
          const attemptState: StreamState = { finished: false };
          const pieces = readStream(response, attemptState);
          try {
            const first = await pieces.next();
            return { response, pieces, state: attemptState, first: first.done ? null : first.value };
          } catch (error) {
            response.destroy();
            throw error;
          }
        });
        ({ model } = opened);
        res = opened.result.response;
        state = opened.result.state;
        const { pieces, first } = opened.result;
        if (first !== null) {
          firstChunkMs = performance.now() - started;
          text += first;
          yield first;
          for await (const piece of pieces) {
            text += piece;
            yield piece;
          }
        }
        if (!state.finished) throw new ProviderError("Provider stream ended before its finish reason", "stream");
      } catch (error) {
        throw await failed(request, { model, started, answered: res !== undefined, text }, error);
      } finally {
        if (res && !res.complete) res.destroy();
      }
      await ended(request, { model, started, answered: true, text, usage: state?.usage, firstChunkMs });
    },
    async complete(request) {
      const started = performance.now();
      let model = options.model;
      try {
        const { result, model: answered } = await retrying(request, async (attemptModel, signal) => {
          model = attemptModel;
          return parseAnswer(await readAll(await send(attemptModel, request, false, signal)));
        });
        await ended(request, { model: answered, started, answered: true, text: result.content, usage: result.usage });
        return result.content;
      } catch (error) {
        throw await failed(request, { model, started, answered: false, text: "" }, error);
      }
    },
  };
}

/**
 * A provider's error body as it may be logged: the configured key, and anything shaped like an
 * API key or a bearer token (providers echo masked keys in 401 answers), replaced.
 */
export function withoutKeys(text: string, apiKey: string | undefined): string {
  const scrubbed = apiKey ? text.split(apiKey).join("[redacted]") : text;
  return scrubbed.replace(/\b(sk|pk|rk|gsk|xai|key)[-_][\w*.-]{6,}/gi, "[redacted]").replace(/Bearer\s+\S+/gi, "Bearer [redacted]");
}

/** The value of a response header (the first, when repeated). */
function headerOf(res: http.IncomingMessage, name: string): string | undefined {
  const value = res.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Connect and idle limits on the request's socket: a socket still connecting after `connectMs`,
 * or silent for `idleMs` before the answer's headers, ends the attempt with a retryable
 * ProviderError ('connection' or 'timeout').
 */
function guardSocket(req: http.ClientRequest, timeouts: SocketTimeouts): void {
  let answer: http.IncomingMessage | undefined;
  req.once("response", (res) => (answer = res));
  req.once("socket", (socket) => {
    if (timeouts.connectMs > 0 && socket.connecting) {
      const timer = setTimeout(() => req.destroy(new ProviderError("Provider connect timeout", "connection")), timeouts.connectMs);
      socket.once("connect", () => clearTimeout(timer));
      req.once("close", () => clearTimeout(timer));
    }
  });
  if (timeouts.idleMs > 0) {
    // The limit stays on the socket while the answer is read: the answer ends with the same error.
    req.setTimeout(timeouts.idleMs, () => {
      const silent = new ProviderError("Provider silent for too long", "timeout");
      answer?.destroy(silent);
      req.destroy(silent);
    });
  }
}

/** The caller's own abort is not the provider's fault; the total limit is a timeout. */
function timedOut(signal: AbortSignal, callerSignal: AbortSignal | undefined): ProviderError | null {
  if (callerSignal?.aborted || !signal.aborted) return null;
  return new ProviderError("Provider call over its total time limit", "timeout");
}

/** A socket timeout reported by Node as an abort or a plain error, as a ProviderError. */
function timedOutError(error: unknown): ProviderError | null {
  return error instanceof Error && error.name === "TimeoutError" ? new ProviderError(error.message, "timeout") : null;
}

/**
 * The text pieces of a streamed answer, in order; `state` learns whether a finish reason (or
 * [DONE]) came and the usage the provider reported. Throws ProviderError on an error event or
 * an unreadable stream; a socket that stays silent past its idle limit ends with a timeout.
 */
async function* readStream(res: http.IncomingMessage, state: StreamState): AsyncGenerator<string> {
  res.setEncoding("utf8");
  // The server-sent events are read by eventsource-parser; each complete event's data waits here.
  const events: string[] = [];
  let unreadable: ProviderError | null = null;
  const parser = createParser({
    maxBufferSize: MAX_ANSWER_BYTES,
    onEvent: (event) => void events.push(event.data),
    onError: (error) => {
      unreadable ??= new ProviderError(`Provider stream unreadable: ${error.message}`, "invalid_answer");
    },
  });
  try {
    for await (const chunk of res as AsyncIterable<string>) {
      parser.feed(chunk);
      if (unreadable) throw unreadable;
      for (const data of events.splice(0)) {
        if (data === "[DONE]") {
          state.finished = true;
          continue;
        }
        const parsed = parseChunk(data);
        if (parsed.error) throw new ProviderError(`Provider error event: ${parsed.error}`, "stream", { body: parsed.error });
        if (parsed.usage) state.usage = parsed.usage;
        if (parsed.finished) state.finished = true;
        if (parsed.text) yield parsed.text;
      }
    }
  } catch (error) {
    throw error instanceof ProviderError || isAbort(error) ? error : new ProviderError(`Provider stream cut: ${(error as Error).message}`, "connection");
  }
}

/** The caller's abort (AbortSignal), which is never a provider failure. */
function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/** One streamed chunk: its text, whether it carries a finish reason, its usage, or the provider's error. */
function parseChunk(data: string): { text?: string; finished?: boolean; usage?: ReportedUsage; error?: string } {
  let chunk: { choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[]; usage?: ReportedUsage | null; error?: unknown };
  try {
    chunk = JSON.parse(data);
  } catch {
    return { error: `invalid chunk ${data.slice(0, 200)}` };
  }
  if (chunk.error) return { error: JSON.stringify(chunk.error).slice(0, 500) };
  const choice = chunk.choices?.[0];
  const content = choice?.delta?.content;
  return { text: typeof content === "string" ? content : undefined, finished: choice?.finish_reason != null, usage: chunk.usage ?? undefined };
}

/** A whole answer's text and usage. Throws ProviderError when it is not one. */
function parseAnswer(raw: string): { content: string; usage?: ReportedUsage } {
  let answer: { choices?: { message?: { content?: unknown } }[]; usage?: ReportedUsage; error?: unknown };
  try {
    answer = JSON.parse(raw);
  } catch {
    throw new ProviderError("Provider answer is not JSON", "invalid_answer", { body: raw.slice(0, 500) });
  }
  if (answer.error) throw new ProviderError("Provider error", "stream", { body: JSON.stringify(answer.error).slice(0, 500) });
  const content = answer.choices?.[0]?.message?.content;
  if (typeof content !== "string") throw new ProviderError("Provider answer without text", "invalid_answer", { body: raw.slice(0, 500) });
  return { content, usage: answer.usage };
}

/** The whole body of a response as text (at most MAX_ANSWER_BYTES). */
async function readAll(res: http.IncomingMessage): Promise<string> {
  res.setEncoding("utf8");
  let text = "";
  try {
    for await (const chunk of res as AsyncIterable<string>) {
      text += chunk;
      if (text.length > MAX_ANSWER_BYTES) {
        res.destroy();
        throw new ProviderError("Provider answer too large", "invalid_answer");
      }
    }
  } catch (error) {
    throw error instanceof ProviderError || isAbort(error) ? error : new ProviderError(`Provider answer cut: ${(error as Error).message}`, "connection");
  }
  return text;
}
