/**
 * A lean client of an OpenAI-compatible chat-completions endpoint (POST {baseURL}/chat/completions)
 * for the calls every narrated turn makes: the narration, streamed, and the narrator memory's
 * short completions (docs/decisions/0010-narrator-provider-client.md; issue 12 Server).
 *
 * Requests go over node:http(s) with keep-alive agents; a streamed answer's server-sent events
 * are read by eventsource-parser straight from the socket's chunks and each is JSON-parsed once. The AI SDK's provider model did the
 * same through fetch (undici), four layers of web streams and a schema check of every chunk,
 * which cost more server CPU than the rest of the turn's HTTP work.
 */

import http from "node:http";
import https from "node:https";
import { createParser } from "eventsource-parser";

export interface ChatClientOptions {
  /** e.g. https://api.openai.com/v1 (the path /chat/completions is appended). */
  baseURL: string;
  apiKey?: string;
  model: string;
}

export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** What one chat completion asks (OpenAI chat-completions fields; undefined ones are left out). */
export interface ChatRequest {
  messages: readonly ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Structured output: the answer must be JSON matching this JSON Schema. */
  jsonSchema?: { name: string; schema: unknown };
  /** Extra request headers (e.g. the memory's marker header). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The provider answered with an error (HTTP status, an error event, or a stream cut before its end). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };

/** Most bytes read from one non-streamed answer or one event (a model answer is a few KB). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** Answers of the chat-completions endpoint. */
export interface ChatClient {
  /**
   * Streams the answer's text as it arrives (choices[0].delta.content pieces, in order).
   * Throws ProviderError on an HTTP error, an error event, or a stream that ends without a
   * finish reason (a cut connection); the signal's abort error when `signal` aborts.
   */
  stream(request: ChatRequest): AsyncGenerator<string>;
  /** The whole answer's text (choices[0].message.content). Throws as {@link stream}. */
  complete(request: ChatRequest): Promise<string>;
}

/** Creates a client of `options.baseURL` for `options.model`. */
export function createChatClient(options: ChatClientOptions): ChatClient {
  const url = new URL(`${options.baseURL.replace(/\/+$/, "")}/chat/completions`);
  const secure = url.protocol === "https:";
  const transport = secure ? https : http;
  const agent = secure ? agents.https : agents.http;

  const body = (request: ChatRequest, stream: boolean) =>
    JSON.stringify({
      model: options.model,
      messages: request.messages,
      max_tokens: request.maxTokens,
      temperature: request.temperature,
      response_format: request.jsonSchema ? { type: "json_schema", json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true } } : undefined,
      stream: stream || undefined,
    });

  /** Sends the request; resolves with the response once its status is 2xx, else rejects with ProviderError. */
  const send = (request: ChatRequest, stream: boolean) =>
    new Promise<http.IncomingMessage>((resolve, reject) => {
      const payload = body(request, stream);
      const req = transport.request(url, {
        method: "POST",
        agent,
        signal: request.signal,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          accept: stream ? "text/event-stream" : "application/json",
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          ...request.headers,
        },
      });
      req.once("error", reject);
      req.once("response", (res) => {
        if (res.statusCode !== undefined && res.statusCode >= 200 && res.statusCode < 300) return resolve(res);
        readAll(res)
          .catch(() => "")
          .then((text) => reject(new ProviderError(`Provider HTTP ${res.statusCode}: ${text.slice(0, 300)}`, res.statusCode)));
      });
      req.end(payload);
    });

  return {
    async *stream(request) {
      const res = await send(request, true);
      res.setEncoding("utf8");
      // The server-sent events are read by eventsource-parser; each complete event's data waits here.
      const events: string[] = [];
      let unreadable: ProviderError | null = null;
      const parser = createParser({
        maxBufferSize: MAX_ANSWER_BYTES,
        onEvent: (event) => void events.push(event.data),
        onError: (error) => {
          unreadable ??= new ProviderError(`Provider stream unreadable: ${error.message}`);
        },
      });
      let finished = false;
      try {
        for await (const chunk of res as AsyncIterable<string>) {
          parser.feed(chunk);
          if (unreadable) throw unreadable;
          for (const data of events.splice(0)) {
            if (data === "[DONE]") {
              finished = true;
              continue;
            }
            const parsed = parseChunk(data);
            if (parsed.error) throw new ProviderError(`Provider error: ${parsed.error}`);
            if (parsed.text) yield parsed.text;
            if (parsed.finished) finished = true;
          }
        }
      } finally {
        if (!res.complete) res.destroy();
      }
      if (!finished) throw new ProviderError("Provider stream ended before its finish reason");
    },
    async complete(request) {
      const res = await send(request, false);
      let answer: { choices?: { message?: { content?: unknown } }[]; error?: unknown };
      try {
        answer = JSON.parse(await readAll(res));
      } catch {
        throw new ProviderError("Provider answer is not JSON");
      }
      if (answer.error) throw new ProviderError(`Provider error: ${JSON.stringify(answer.error).slice(0, 300)}`);
      const content = answer.choices?.[0]?.message?.content;
      if (typeof content !== "string") throw new ProviderError("Provider answer without text");
      return content;
    },
  };
}

/** One streamed chunk: its text, whether it carries a finish reason, or the provider's error. */
function parseChunk(data: string): { text?: string; finished?: boolean; error?: string } {
  let chunk: { choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[]; error?: unknown };
  try {
    chunk = JSON.parse(data);
  } catch {
    return { error: `invalid chunk ${data.slice(0, 200)}` };
  }
  if (chunk.error) return { error: JSON.stringify(chunk.error).slice(0, 300) };
  const choice = chunk.choices?.[0];
  const content = choice?.delta?.content;
  return { text: typeof content === "string" ? content : undefined, finished: choice?.finish_reason != null };
}

/** The whole body of a response as text (at most MAX_ANSWER_BYTES). */
async function readAll(res: http.IncomingMessage): Promise<string> {
  res.setEncoding("utf8");
  let text = "";
  for await (const chunk of res as AsyncIterable<string>) {
    text += chunk;
    if (text.length > MAX_ANSWER_BYTES) {
      res.destroy();
      throw new ProviderError("Provider answer too large");
    }
  }
  return text;
}
