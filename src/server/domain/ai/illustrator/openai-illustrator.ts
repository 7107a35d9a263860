/**
 * Real illustrator: an OpenAI-compatible images API (POST {baseURL}/images/generations) through
 * the AI SDK's generateImage, and the title asked of the chat model with generateText.
 *
 * Provider answers: `b64_json` (the SDK asks for it) or `url`. A URL is fetched by the SDK through
 * `guardedFetch`: only from the configured provider's host, once (no retries), and never more than
 * IMAGE_MAX_BYTES; it is never shown to users (the server stores the bytes itself).
 *
 * A busy or unreachable provider (429, 5xx, connection errors) is asked again with the retries
 * of ../provider-retry.ts (issue 20 §1), and every picture's tokens are reported to the
 * ProviderObserver (usage 'image': the provider's usage when given, else the prompt counted).
 */

import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { generateImage } from "ai";
import sharp from "sharp";
import { tokensOf } from "../tokens";
import { NO_OBSERVER, type ProviderObserver } from "../provider-observer";
import { asProviderError, DEFAULT_RETRY_POLICY, kindOfStatus, ProviderError, retryAfterMs, withRetries } from "../provider-retry";
import { type DrawnImage, type Illustrator, ImageProviderError } from "./types";

export interface OpenAIIllustratorOptions {
  imageBaseURL: string;
  imageApiKey?: string;
  imageModel: string;
  /** WIDTHxHEIGHT, e.g. 1792x1024. */
  size: `${number}x${number}`;
  timeoutMs: number;
  maxBytes: number;
  /** Retries of a busy provider stop after this long, ms (AI_RETRY_MAX_WAIT_MS). */
  retryMaxWaitMs?: number;
  observer?: ProviderObserver;
  /** The title writer (chat model or offline). */
  title: Illustrator["title"];
}

/** Formats accepted from a provider, as sharp names them, with their content type. */
const ACCEPTED_FORMATS: Record<string, string> = { png: "image/png", webp: "image/webp", jpeg: "image/jpeg" };

/**
 * Checks that bytes are a picture we can store and serve.
 * Output: {contentType, width, height}. Throws ImageProviderError('invalid') otherwise.
 */
export async function inspectImage(bytes: Uint8Array): Promise<Omit<DrawnImage, "bytes">> {
  try {
    const meta = await sharp(bytes).metadata();
    const contentType = meta.format ? ACCEPTED_FORMATS[meta.format] : undefined;
    if (!contentType || !meta.width || !meta.height) throw new Error(`formato non supportato: ${meta.format}`);
    return { contentType, width: meta.width, height: meta.height };
  } catch (error) {
    throw new ImageProviderError("invalid", "La risposta del fornitore non è un'immagine valida", { cause: error });
  }
}

/**
 * A fetch that only talks to `origin`'s host and reads at most `maxBytes` of any answer
 * (a b64_json answer is about 4/3 of the picture, so the JSON limit is scaled accordingly).
 */
export function guardedFetch(allowedHost: string, maxBytes: number): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.host !== allowedHost) {
      throw new ImageProviderError("invalid", `Immagine da un host non consentito: ${url.host}`);
    }
    const response = await fetch(input, { ...init, redirect: "manual" });
    const isJson = (response.headers.get("content-type") ?? "").includes("json");
    const limit = isJson ? Math.ceil(maxBytes * 1.4) + 64 * 1024 : maxBytes;
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > limit) {
      await response.body?.cancel();
      throw new ImageProviderError("invalid", `Risposta troppo grande (${declared} byte)`);
    }
    if (!response.body) return response;
    let seen = 0;
    const limited = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > limit) controller.error(new ImageProviderError("invalid", "Risposta troppo grande"));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * A fetch that asks again while the provider answers 429 or 5xx or the connection fails
 * (provider-retry.ts), reporting each failed attempt. The last failure is thrown as a
 * ProviderError (its status and body logged by the observer).
 */
export function retryingFetch(inner: typeof fetch, model: string, maxWaitMs: number, observer: ProviderObserver): typeof fetch {
  return async (input, init) => {
    const attempt = async () => {
      const response = await inner(input, init).catch((error: unknown) => {
        throw asProviderError(error) ?? error;
      });
      if (response.status !== 429 && response.status < 500) return response;
      const body = (await response.text().catch(() => "")).slice(0, 500);
      const retryAfter = retryAfterMs((name) => response.headers.get(name));
      throw new ProviderError(`Provider HTTP ${response.status}`, kindOfStatus(response.status), { status: response.status, body, retryAfterMs: retryAfter });
    };
    try {
      const { result } = await withRetries([model], { ...DEFAULT_RETRY_POLICY, maxWaitMs }, attempt, {
        signal: init?.signal ?? undefined,
        onRetry: (notice) => observer.attemptFailed({ purpose: "image", model, error: notice.error, retryInMs: notice.delayMs }),
      });
      return result;
    } catch (error) {
      if (error instanceof ProviderError) observer.attemptFailed({ purpose: "image", model, error });
      throw error;
    }
  };
}

/** Finds an ImageProviderError in an error's cause chain (the SDK wraps fetch errors). */
function findProviderError(error: unknown): ImageProviderError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    if (e instanceof ImageProviderError) return e;
    const next = (e as { cause?: unknown; errors?: unknown[] }).cause ?? (e as { errors?: unknown[] }).errors?.at(-1);
    e = next;
  }
  return undefined;
}

/** Creates the illustrator for an OpenAI-compatible images API (see the module docstring). */
export function createOpenAIIllustrator(options: OpenAIIllustratorOptions): Illustrator {
  const baseURL = new URL(options.imageBaseURL);
  const observer = options.observer ?? NO_OBSERVER;
  const imageProvider = createOpenAICompatible({
    name: "images",
    baseURL: options.imageBaseURL,
    apiKey: options.imageApiKey,
    fetch: retryingFetch(guardedFetch(baseURL.host, options.maxBytes), options.imageModel, options.retryMaxWaitMs ?? DEFAULT_RETRY_POLICY.maxWaitMs, observer),
  });
  const imageModel = imageProvider.imageModel(options.imageModel);

  return {
    label: options.imageModel,
    offline: false,
    async draw(request) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = AbortSignal.any([request.signal, timeout]);
      let bytes: Uint8Array;
      const started = performance.now();
      const call = { purpose: "image" as const, operation: "generate_content" as const, model: options.imageModel };
      try {
        const result = await generateImage({ model: imageModel, prompt: request.prompt, n: 1, size: options.size, maxRetries: 0, abortSignal: signal });
        bytes = result.image.uint8Array;
        const { inputTokens, outputTokens } = result.usage;
        const reported = inputTokens !== undefined;
        await observer.callEnded({ ...call, durationMs: performance.now() - started, inputTokens: inputTokens ?? tokensOf(request.prompt), outputTokens: outputTokens ?? 0, reported });
      } catch (error) {
        const failure = asProviderError(error) ?? undefined;
        await observer.callEnded({ ...call, durationMs: performance.now() - started, inputTokens: 0, outputTokens: 0, reported: false, error: failure });
        const known = findProviderError(error);
        if (known) throw known;
        if (timeout.aborted) throw new ImageProviderError("timeout", "Tempo scaduto", { cause: error });
        throw new ImageProviderError("failed", error instanceof Error ? error.message : String(error), { cause: error });
      }
      if (bytes.byteLength > options.maxBytes) throw new ImageProviderError("invalid", "Immagine troppo grande");
      const info = await inspectImage(bytes);
      return { bytes: Buffer.from(bytes), ...info };
    },
    title: options.title,
  };
}
