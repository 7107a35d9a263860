/**
 * The narrator's chat client (openai-client.ts, ADR 0010) against a real HTTP server that answers
 * the way providers do: events split across packets, CRLF line ends, comments, error events,
 * streams cut before their finish, HTTP errors.
 */

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChatClient, ProviderError } from "./openai-client";

type Handler = (body: any, res: http.ServerResponse) => void;

let server: http.Server;
let handler: Handler;
let baseURL = "";
const received: { body: any; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      const body = JSON.parse(text);
      received.push({ body, headers: req.headers });
      handler(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const chunk = (content: string | null, finish: string | null = null) =>
  `data: ${JSON.stringify({ choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }] })}`;

/** Writes `parts` as separate packets, a few ms apart. */
async function sendParts(res: http.ServerResponse, parts: string[], end = true) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const part of parts) {
    res.write(part);
    await new Promise((r) => setTimeout(r, 5));
  }
  if (end) res.end();
  else res.socket?.destroy();
}

// Retries are tested in provider-faults.test.ts: here a failure is final at once.
const client = () => createChatClient({ baseURL, apiKey: "chiave", model: "modello", retry: { maxWaitMs: 0 } });

async function collect(iterable: AsyncIterable<string>) {
  const pieces: string[] = [];
  for await (const piece of iterable) pieces.push(piece);
  return pieces;
}

describe("chat client", () => {
  it("streams the text of events split across packets, with CRLF ends and comments, and sends the request as OpenAI expects", async () => {
    const whole = `: commento\n\n${chunk("La nebbia ")}\n\n${chunk("si alza")}\r\n\r\n${chunk(null, "stop")}\n\ndata: [DONE]\n\n`;
    handler = (_body, res) => void sendParts(res, [whole.slice(0, 7), whole.slice(7, 60), whole.slice(60)]);
    const pieces = await collect(client().stream({ purpose: "narration", messages: [{ role: "system", content: "S" }, { role: "user", content: "U" }], temperature: 0.7, maxTokens: 300 }));
    expect(pieces.join("")).toBe("La nebbia si alza");
    const { body, headers } = received.at(-1)!;
    expect(body).toEqual({ model: "modello", messages: [{ role: "system", content: "S" }, { role: "user", content: "U" }], max_tokens: 300, temperature: 0.7, stream: true });
    expect(headers.authorization).toBe("Bearer chiave");
  });

  it("throws on an error event, on a stream cut before its finish reason and on an HTTP error", async () => {
    handler = (_body, res) => void sendParts(res, [`${chunk("Inizio")}\n\n`, `data: ${JSON.stringify({ error: { message: "sovraccarico" } })}\n\n`]);
    await expect(collect(client().stream({ purpose: "narration", messages: [] }))).rejects.toThrow(/sovraccarico/);
    handler = (_body, res) => void sendParts(res, [`${chunk("Inizio")}\n\n`, `${chunk(" interrotto")}\n\n`], false);
    await expect(collect(client().stream({ purpose: "narration", messages: [] }))).rejects.toThrow();
    handler = (_body, res) => void sendParts(res, [`${chunk("Senza fine")}\n\n`]);
    await expect(collect(client().stream({ purpose: "narration", messages: [] }))).rejects.toBeInstanceOf(ProviderError);
    handler = (_body, res) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "guasto" } }));
    };
    await expect(collect(client().stream({ purpose: "narration", messages: [] }))).rejects.toThrow(/500/);
    await expect(client().complete({ purpose: "narration", messages: [] })).rejects.toThrow(/500/);
  });

  it("ends the request when its signal aborts", async () => {
    handler = (_body, res) => void sendParts(res, [`${chunk("Uno")}\n\n`, ...Array(40).fill(`${chunk(" e poi")}\n\n`)]);
    const controller = new AbortController();
    const pieces: string[] = [];
    await expect(
      (async () => {
        for await (const piece of client().stream({ purpose: "narration", messages: [], signal: controller.signal })) {
          pieces.push(piece);
          controller.abort();
        }
      })(),
    ).rejects.toThrow(/abort/i);
    // The request ended long before the provider's 41 pieces.
    expect(pieces[0]).toBe("Uno");
    expect(pieces.length).toBeLessThan(5);
  });

  it("answers a whole completion, with structured output asked by JSON Schema", async () => {
    handler = (_body, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content: '{"facts":[]}' }, finish_reason: "stop" }] }));
    };
    const schema = { type: "object", properties: { facts: { type: "array" } }, required: ["facts"] };
    expect(await client().complete({ purpose: "memory", messages: [{ role: "user", content: "U" }], jsonSchema: { name: "response", schema }, headers: { "x-storie-memory": "1" } })).toBe('{"facts":[]}');
    const { body, headers } = received.at(-1)!;
    expect(body.stream).toBeUndefined();
    expect(body.response_format).toEqual({ type: "json_schema", json_schema: { name: "response", schema, strict: true } });
    expect(headers["x-storie-memory"]).toBe("1");
  });
});
