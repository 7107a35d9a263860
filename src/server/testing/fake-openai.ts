/**
 * A fake OpenAI-compatible provider over real HTTP (tests, benchmarks, end-to-end runs):
 * POST /v1/chat/completions streams SSE chunks (or answers JSON when stream is false) and can
 * fail on purpose: HTTP 500, hang (never answer), or cut the stream in the middle; `respond` can
 * change the behaviour request by request (e.g. a reply without choices every third turn).
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

/** Starts the fake provider on 127.0.0.1 (port 0 = any free port). */
export async function startFakeOpenAI(initial: Partial<FakeOpenAIBehaviour> = {}, port = 0): Promise<FakeOpenAI> {
  let behaviour: FakeOpenAIBehaviour = { mode: "ok", text: FAKE_REPLY, firstTokenDelayMs: 0, tokensPerSecond: 0, ...initial };
  const requests: any[] = [];
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
    (req.headers["x-storie-memory"] ? memoryRequests : requests).push(body);
    const b = { ...behaviour, ...behaviour.respond?.(body) };
    if (b.mode === "hang") return;
    if (b.mode === "error500") {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "fake failure", type: "server_error" } }));
      return;
    }
    if (!body.stream) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion", created: 0, model: "fake-model", choices: [{ index: 0, message: { role: "assistant", content: b.text }, finish_reason: "stop" }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } }));
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
