/**
 * A narrator that survives a flaky provider (issue 20 §1), over real HTTP against a fake
 * OpenAI-compatible provider, on SQLite and PostgreSQL: 429 with Retry-After (twice), 503, a
 * connection reset before the first byte and a stalled answer are each retried while the player
 * reads "Il narratore ci sta pensando…" ('waiting' events), and the turn completes, charged once;
 * a provider that fails for longer than the bound ends with the Italian error and the message is
 * given back; a failure after the first streamed token is not retried; the fallback model takes
 * over when the main one keeps failing; the failures are logged with status and body, never the key.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../../../shared/errors";
import { FAKE_REPLY, type FakeFault, type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, newGame, readEvents, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";
import type { LogEntry } from "../../testing/log-capture";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

const API_KEY = "chiave-segreta-di-prova";

/** Plays '/inizia' on a new game. Output: the events of the turn stream and the time it took, ms. */
async function playTurn(player: Player) {
  const gameId = await newGame(player.client, "fantasy");
  const started = Date.now();
  const response = await player.client.request("POST", `/api/games/${gameId}/messages`, { content: "/inizia" });
  expect(response.status).toBe(200);
  const events = await readEvents(response);
  return { events, ms: Date.now() - started, final: events.at(-1)! };
}

const messagesSent = async (player: Player) => (await player.client.json("GET", "/api/me")).body.tokens.messagesSent as number;

describe.each(DIALECTS)("a flaky provider on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;
  let player: Player;
  const logs: LogEntry[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, {
      env: {
        AI_BASE_URL: fake.url,
        AI_MODEL: "modello-principale",
        AI_FALLBACK_MODELS: "modello-riserva",
        AI_API_KEY: API_KEY,
        // A stalled answer is given up after 1 s of silence, then asked again.
        AI_IDLE_TIMEOUT_MS: "1000",
        AI_RETRY_MAX_WAIT_MS: "8000",
      },
      onLog: (entry) => void logs.push(entry),
    });
    player = await registerPlayer(server);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  const faults: [string, FakeFault[]][] = [
    ["429 with Retry-After: 1, twice", [{ mode: "error429", retryAfter: "1" }, { mode: "error429", retryAfter: "1" }]],
    ["503 once", [{ mode: "error503" }]],
    ["a connection reset before the first byte", [{ mode: "reset" }]],
    ["an answer that stalls after its headers", [{ mode: "stall" }]],
    ["a provider that never answers", [{ mode: "hang" }]],
  ];

  it.each(faults)("%s: the player reads 'ci sta pensando', then the whole narration, charged once", async (_name, queued) => {
    const before = await messagesSent(player);
    const requests = fake.requests.length;
    fake.failNext(...queued);
    const { events, final, ms } = await playTurn(player);
    expect(final.event, JSON.stringify(final.data)).toBe("done");
    expect(final.data.message.content.startsWith(FAKE_REPLY.split("\n")[0])).toBe(true);
    const waiting = events.filter((e) => e.event === "waiting");
    expect(waiting.map((e) => e.data.retry)).toEqual(queued.map((_, i) => i + 1));
    // Every 'waiting' comes before the first word.
    expect(events.findIndex((e) => e.event === "waiting")).toBeLessThan(events.findIndex((e) => e.event === "delta"));
    expect(fake.requests.length - requests).toBe(queued.length + 1);
    expect(await messagesSent(player)).toBe(before + 1);
    // Retry-After: 1 was honoured (two waits of a second each).
    if (queued[0]!.mode === "error429") expect(ms).toBeGreaterThanOrEqual(2000);
    console.info(`[provider fault] ${_name}: ${final.event} in ${ms} ms after ${queued.length} retr${queued.length === 1 ? "y" : "ies"}`);
  });

  it("a provider that stays busy longer than the bound: the Italian error, the message given back, the failure logged without the key", async () => {
    const before = await messagesSent(player);
    fake.failNext({ mode: "error429", retryAfter: "30" });
    const { events, final } = await playTurn(player);
    expect(final.event).toBe("error");
    expect(final.data).toMatchObject({ code: "AI_FAILED", message: ERRORS.AI_FAILED.message });
    expect(events.some((e) => e.event === "delta")).toBe(false);
    expect(await messagesSent(player)).toBe(before);
    const logged = logs.find((e) => e.status === 429 && e.level === "error");
    expect(logged).toMatchObject({ kind: "rate_limited", model: "modello-principale", purpose: "narration" });
    expect(String(logged!.providerBody)).toContain("Rate limit reached");
    expect(JSON.stringify(logs)).not.toContain(API_KEY);
  });

  it("a failure after the first streamed token is not retried: 'Riprova' is the way, the message given back", async () => {
    const before = await messagesSent(player);
    const requests = fake.requests.length;
    // Words come 20 ms apart, so the first ones reach the server before the connection is cut.
    fake.set({ mode: "cut", tokensPerSecond: 50 });
    try {
      const { events, final } = await playTurn(player);
      expect(events.some((e) => e.event === "delta")).toBe(true);
      expect(final.event).toBe("error");
      expect(final.data.code).toBe("AI_FAILED");
    } finally {
      fake.set({ mode: "ok", tokensPerSecond: 0 });
    }
    expect(fake.requests.length - requests).toBe(1);
    expect(await messagesSent(player)).toBe(before);
  });

  it("the fallback model answers when the main one keeps failing", async () => {
    fake.failNext(...Array<FakeFault>(4).fill({ mode: "error503" }));
    const { final } = await playTurn(player);
    expect(final.event).toBe("done");
    expect(fake.requests.slice(-5).map((r) => r.model)).toEqual([...Array(4).fill("modello-principale"), "modello-riserva"]);
  });
});
