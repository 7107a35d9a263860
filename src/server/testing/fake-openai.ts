/**
 * A fake OpenAI-compatible provider over real HTTP (tests, benchmarks, end-to-end runs):
 * POST /v1/chat/completions streams SSE chunks (or answers JSON when stream is false) and can
 * fail on purpose: HTTP 500, hang (never answer), or cut the stream in the middle; `respond` can
 * change the behaviour request by request (e.g. a reply without choices every third turn), and
 * `failNext` queues the faults of a flaky provider for the next narrator requests (issue 20 §1):
 * 429 with Retry-After, 503, a connection reset before the first byte, a stall. Answers carry
 * `usage` (streamed when stream_options.include_usage asks for it).
 * Every chat request body is recorded: the narrator's in `requests`, the narrator's memory calls
 * (header x-storie-memory, issue 11 §1) in `memoryRequests`.
 * POST /v1/images/generations answers a picture as b64_json or as a URL (see FakeImageMode).
 * POST /v1/moderations answers OpenAI's moderation object (issue 23): an input is flagged
 * ('violence') when it contains one of the `flagWords` (see setModeration), or always when
 * `flagAll`; mode 'error500' fails.
 * Run standalone: `tsx src/server/testing/fake-openai.ts [port]`.
 */

import http from "node:http";
import type { AddressInfo } from "node:net";

/** A fault of a flaky provider (issue 20 §1) for one request. */
export type FakeFault =
  /** HTTP 429, with Retry-After (seconds) when given. */
  | { mode: "error429"; retryAfter?: string }
  /** HTTP 503. */
  | { mode: "error503" }
  /** The connection is reset before the first byte of the answer. */
  | { mode: "reset" }
  /** The answer never comes (the request is held open). */
  | { mode: "hang" }
  /** The answer's headers come, then nothing. */
  | { mode: "stall" };

export interface FakeOpenAIBehaviour {
  mode: "ok" | "error500" | "hang" | "cut";
  /** The reply; split into word chunks when streamed. */
  text: string;
  /** Wait before the first chunk, ms. */
  firstTokenDelayMs: number;
  /** Streaming pace; 0 = as fast as possible. */
  tokensPerSecond: number;
  /**
   * Per-request override: receives the parsed chat request body; what it returns replaces the
   * fields above for that request only.
   */
  respond?: (body: any) => Partial<Omit<FakeOpenAIBehaviour, "respond">> | undefined;
}

/**
 * POST /v1/images/generations: 'b64' answers b64_json, 'url' answers a URL on this server
 * (GET /files/…, served once per request), 'foreign-url' a URL on another host, 'not-image'
 * bytes that are no picture; 'error500' and 'hang' as for chat.
 */
export type FakeImageMode = "b64" | "url" | "foreign-url" | "not-image" | "error500" | "hang";

export interface FakeOpenAI {
  /** Base URL to use as AI_BASE_URL, ending in /v1. */
  url: string;
  /** Every chat request body received, parsed (narrations and choice repairs). */
  requests: any[];
  /** Every chat request body of the narrator's memory (facts, recap), parsed. */
  memoryRequests: any[];
  /** Every images request body received, parsed. */
  imageRequests: any[];
  /** Every moderation request body received, parsed. */
  moderationRequests: any[];
  /** GET /files/… downloads served (url mode). */
  fileDownloads: string[];
  set(behaviour: Partial<FakeOpenAIBehaviour>): void;
  /** Queues faults for the next narrator requests (not the memory's), one each, in order. */
  failNext(...faults: FakeFault[]): void;
  /** Every narrator request's fault as it was answered ('ok' when none), in order. */
  answered: string[];
  setImages(mode: FakeImageMode, options?: { format?: "png" | "webp" | "jpeg"; delayMs?: number }): void;
  /** How /v1/moderations answers from now on. */
  setModeration(options: Partial<FakeModeration>): void;
  close(): Promise<void>;
}

/** Behaviour of the fake POST /v1/moderations. */
export interface FakeModeration {
  /** Inputs containing one of these (case-insensitive) are flagged. */
  flagWords: string[];
  /** Every input is flagged. */
  flagAll: boolean;
  mode: "ok" | "error500";
}

/** A 1280×720 picture of the fake provider (a two-colour gradient), in the asked format. */
async function fakePicture(format: "png" | "webp" | "jpeg"): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><defs><linearGradient id="g"><stop offset="0" stop-color="#3b1d8f"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="1280" height="720" fill="url(#g)"/><circle cx="900" cy="260" r="120" fill="#fde68a"/></svg>`;
  return sharp(Buffer.from(svg)).toFormat(format).toBuffer();
}

export const FAKE_REPLY =
  "La nebbia si alza sul porto di **Valmora** e una lanterna oscilla nel buio.\n\n" +
  "Il vecchio guardiano ti fa cenno di avvicinarti.\n\n1. Segui il guardiano\n2. Esplora il molo\n3. Torna alla locanda";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function chunk(content: string | null, finish: string | null) {
  const delta = content === null ? {} : { content };
  return `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: "fake-model", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

/** The usage a provider reports: about one token per 4 characters of the prompt, one per word of the answer. */
function usageOf(body: { messages?: { content?: string }[] }, text: string) {
  const prompt_tokens = Math.ceil((body.messages ?? []).reduce((n, m) => n + (m.content?.length ?? 0), 0) / 4);
  const completion_tokens = (text.match(/\S+/g) ?? []).length;
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/** Answers a fault. Output: true when the request is done with (answered, reset or held). */
async function answerFault(fault: FakeFault, res: http.ServerResponse): Promise<boolean> {
  switch (fault.mode) {
    case "error429":
      res.writeHead(429, { "content-type": "application/json", ...(fault.retryAfter ? { "retry-after": fault.retryAfter } : {}) });
      res.end(JSON.stringify({ error: { message: "Rate limit reached", type: "rate_limit_error" } }));
      return true;
    case "error503":
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "The server is overloaded", type: "server_error" } }));
      return true;
    case "reset":
      res.socket?.resetAndDestroy();
      return true;
    case "hang":
      return true;
    case "stall":
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.flushHeaders();
      return true;
  }
}

/** Starts the fake provider on 127.0.0.1 (port 0 = any free port). */
export async function startFakeOpenAI(initial: Partial<FakeOpenAIBehaviour> = {}, port = 0): Promise<FakeOpenAI> {
  let behaviour: FakeOpenAIBehaviour = { mode: "ok", text: FAKE_REPLY, firstTokenDelayMs: 0, tokensPerSecond: 0, ...initial };
  const requests: any[] = [];
  const faults: FakeFault[] = [];
  const answered: string[] = [];
  const memoryRequests: any[] = [];
  const imageRequests: any[] = [];
  const moderationRequests: any[] = [];
  let moderation: FakeModeration = { flagWords: ["VIETATO"], flagAll: false, mode: "ok" };
  const fileDownloads: string[] = [];
  let images: { mode: FakeImageMode; format: "png" | "webp" | "jpeg"; delayMs: number } = { mode: "b64", format: "png", delayMs: 0 };
  const files = new Map<string, Buffer>();
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const part of req) raw += part;
    if (req.method === "GET" && req.url?.startsWith("/files/")) {
      fileDownloads.push(req.url);
      const file = files.get(req.url);
      files.delete(req.url);
      res.writeHead(file ? 200 : 404, { "content-type": file ? `image/${images.format}` : "text/plain" });
      res.end(file ?? "not found");
      return;
    }
    const body = raw ? JSON.parse(raw) : {};
    if (req.url?.startsWith("/v1/moderations")) {
      moderationRequests.push(body);
      if (moderation.mode === "error500") {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "fake moderation failure", type: "server_error" } }));
        return;
      }
      const inputs: string[] = Array.isArray(body.input) ? body.input : [String(body.input ?? "")];
      const results = inputs.map((text) => {
        const flagged = moderation.flagAll || moderation.flagWords.some((w) => text.toLowerCase().includes(w.toLowerCase()));
        return { flagged, categories: { violence: flagged, sexual: false, hate: false }, category_scores: { violence: flagged ? 0.97 : 0.01 } };
      });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "modr-fake", model: body.model, results }));
      return;
    }
    if (req.url?.startsWith("/v1/images/generations")) {
      imageRequests.push(body);
      const im = images;
      if (im.delayMs) await sleep(im.delayMs);
      if (im.mode === "hang") return;
      if (im.mode === "error500") {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "fake image failure", type: "server_error" } }));
        return;
      }
      const picture = im.mode === "not-image" ? Buffer.from("questa non è un'immagine") : await fakePicture(im.format);
      let item: { b64_json?: string; url?: string };
      if (im.mode === "url") {
        const path = `/files/${imageRequests.length}.${im.format}`;
        files.set(path, picture);
        item = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}` };
      } else if (im.mode === "foreign-url") {
        item = { url: "http://203.0.113.7/files/altrove.png" };
      } else {
        item = { b64_json: picture.toString("base64") };
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ created: Math.floor(Date.now() / 1000), data: [item] }));
      return;
    }
    const memory = Boolean(req.headers["x-storie-memory"]);
    (memory ? memoryRequests : requests).push(body);
    const fault = memory ? undefined : faults.shift();
    if (!memory) answered.push(fault?.mode ?? "ok");
    if (fault && (await answerFault(fault, res))) return;
    const b = { ...behaviour, ...behaviour.respond?.(body) };
    if (b.mode === "hang") return;
    if (b.mode === "error500") {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "fake failure", type: "server_error" } }));
      return;
    }
    if (!body.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion", created: 0, model: body.model ?? "fake-model", choices: [{ index: 0, message: { role: "assistant", content: b.text }, finish_reason: "stop" }], usage: usageOf(body, b.text) }));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
    res.flushHeaders();
    if (b.firstTokenDelayMs) await sleep(b.firstTokenDelayMs);
    const words = b.text.match(/\S+\s*/g) ?? [];
    const cutAt = Math.max(1, Math.floor(words.length / 2));
    for (const [i, word] of words.entries()) {
      if (b.mode === "cut" && i === cutAt) {
        res.socket?.destroy();
        return;
      }
      res.write(chunk(word, null));
      if (b.tokensPerSecond) await sleep(1000 / b.tokensPerSecond);
    }
    res.write(chunk(null, "stop"));
    if (body.stream_options?.include_usage) res.write(`data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", choices: [], usage: usageOf(body, b.text) })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}/v1`,
    requests,
    memoryRequests,
    imageRequests,
    moderationRequests,
    fileDownloads,
    setModeration(next) {
      moderation = { ...moderation, ...next };
    },
    set(next) {
      behaviour = { ...behaviour, ...next };
    },
    failNext(...next) {
      faults.push(...next);
    },
    answered,
    setImages(mode, options = {}) {
      images = { mode, format: options.format ?? "png", delayMs: options.delayMs ?? 0 };
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeOpenAI({ firstTokenDelayMs: 200, tokensPerSecond: 30 }, Number(process.argv[2] ?? 4010));
  console.log(`Fake OpenAI-compatible provider at ${fake.url}`);
}
