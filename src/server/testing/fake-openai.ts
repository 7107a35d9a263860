/**
 * A fake OpenAI-compatible provider over real HTTP (tests, benchmarks, end-to-end runs):
 * POST /v1/chat/completions streams SSE chunks (or answers JSON when stream is false) and can
 * fail on purpose: HTTP 500, hang (never answer), or cut the stream in the middle.
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
}

export interface FakeOpenAI {
  /** Base URL to use as AI_BASE_URL, ending in /v1. */
  url: string;
  /** Every request body received, parsed. */
  requests: any[];
  set(behaviour: Partial<FakeOpenAIBehaviour>): void;
  close(): Promise<void>;
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
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const part of req) raw += part;
    const body = raw ? JSON.parse(raw) : {};
    requests.push(body);
    const b = behaviour;
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
    set(next) {
      behaviour = { ...behaviour, ...next };
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
