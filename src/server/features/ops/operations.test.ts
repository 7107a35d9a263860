/**
 * What an operator reads (issue 20 §2, §3), over real HTTP on SQLite and PostgreSQL:
 * - every response carries X-Request-Id, and the request's log lines (JSON, with a level) carry
 *   the same id; a trusted proxy's X-Request-Id is kept, anyone else's replaced;
 * - GET /metrics parses as Prometheus text (parse-prometheus-text-format) and its counters move
 *   after a turn; it is served to loopback or with the bearer token, not through a proxy (any
 *   header a proxy sets, or a connection from TRUSTED_PROXIES);
 * - /api/ready answers 200 while the database answers, 503 when it does not;
 * - a stop that runs out of SHUTDOWN_TIMEOUT_MS cuts a running narration, which keeps its words.
 */

import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../testing/fake-openai";
import { DIALECTS, fetchFrom, newGame, readEvents, registerPlayer, restartTestServer, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import type { LogEntry } from "../../testing/log-capture";

const METRICS_TOKEN = "token-delle-metriche-di-prova";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * GET /metrics, parsed by parse-prometheus-text-format (which must read the whole page).
 * Output: a reader of one series' value, summed over the samples whose labels include `labels`
 * (0 when absent). Counters and gauges are read from the parsed families; a histogram's
 * `_count` series is read from its text line, because the library folds labelled histograms
 * into one sample and loses their labels.
 */
async function scrape(server: TestServer, headers: Record<string, string> = {}) {
  const response = await fetch(new URL("/metrics", server.url), { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  const families = parsePrometheusTextFormat(text);
  expect(families.length).toBeGreaterThan(20);
  const matches = (sampleLabels: Record<string, string> | undefined, labels: Record<string, string>) =>
    Object.entries(labels).every(([k, v]) => sampleLabels?.[k] === v);
  return (name: string, labels: Record<string, string> = {}) => {
    const family = families.find((f) => f.name === name);
    if (family?.type !== "HISTOGRAM") {
      return (family?.metrics ?? []).filter((m) => matches(m.labels, labels)).reduce((sum, m) => sum + Number(m.value), 0);
    }
    let count = 0;
    for (const line of text.split("\n")) {
      const sample = new RegExp(`^${name}_count\\{(.*)\\} (\\S+)$`).exec(line);
      if (!sample) continue;
      const sampleLabels = Object.fromEntries([...sample[1]!.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
      if (matches(sampleLabels, labels)) count += Number(sample[2]);
    }
    return count;
  };
}

/**
 * Headers by which proxies and CDNs pass the client on (issue 36 finding 14), one request each:
 * the standard ones, the vendors' own, and one no list names (a rule that depends on a list of
 * names misses it).
 */
const PROXY_HEADERS: Record<string, string> = {
  forwarded: "for=203.0.113.9;proto=https",
  "x-forwarded-for": "203.0.113.9",
  "x-forwarded-host": "storie.example",
  "x-forwarded-proto": "https",
  via: "1.1 nginx",
  "x-real-ip": "203.0.113.9",
  "true-client-ip": "203.0.113.9",
  "cf-connecting-ip": "2001:db8::9",
  "x-client-ip": "203.0.113.9",
  "fastly-client-ip": "203.0.113.9",
  "x-cluster-client-ip": "203.0.113.9",
  "client-ip": "203.0.113.9",
  "x-original-forwarded-for": "203.0.113.9, 10.0.0.2",
  "x-envoy-external-address": "203.0.113.9",
  "x-azure-clientip": "203.0.113.9",
  "x-appengine-user-ip": "203.0.113.9",
  "x-indirizzo-visitatore": "[2001:db8::9]:4711",
};

describe.each(DIALECTS)("operations on %s", (dialect) => {
  let fake: FakeOpenAI;
  let server: TestServer;
  const logs: LogEntry[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    server = await startTestServer(dialect, { env: { AI_BASE_URL: fake.url, AI_MODEL: "modello-metriche", METRICS_TOKEN }, onLog: (e) => void logs.push(e) });
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it("each response has a request id, and the request's log lines are JSON lines carrying it", async () => {
    const player = await registerPlayer(server);
    const response = await player.client.request("POST", "/api/games", { genre: "fantasy" });
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    const lines = logs.filter((e) => e.reqId === id);
    expect(lines).toContainEqual(expect.objectContaining({ level: "info", msg: "richiesta", method: "POST", route: "/api/games", status: 201, userId: player.id }));
    expect(lines.every((e) => typeof e.time === "string" && typeof e.level === "string")).toBe(true);
    // An error answer has one too; a client's own X-Request-Id is not believed without TRUSTED_PROXIES.
    const missing = await fetch(new URL("/api/games/nessuna", server.url), { headers: { "x-request-id": "scelto-dal-client" } });
    expect(missing.status).toBe(401);
    expect(missing.headers.get("x-request-id")).toMatch(UUID);
  });

  it("/metrics parses as Prometheus text and its counters move after a turn", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "horror");
    const before = await scrape(server);
    const turn = await player.client.request("POST", `/api/games/${gameId}/messages`, { content: "/inizia" });
    expect((await readEvents(turn)).at(-1)!.event).toBe("done");
    const after = await scrape(server);
    const model = { gen_ai_request_model: "modello-metriche" };
    expect(after("storie_turns_total", { outcome: "completed" }) - before("storie_turns_total", { outcome: "completed" })).toBe(1);
    expect(after("storie_narration_duration_seconds", { outcome: "completed" }) - before("storie_narration_duration_seconds", { outcome: "completed" })).toBe(1);
    expect(after("gen_ai_client_token_usage", { ...model, gen_ai_token_type: "output", storie_purpose: "narration" })).toBeGreaterThan(before("gen_ai_client_token_usage", { ...model, gen_ai_token_type: "output", storie_purpose: "narration" }));
    expect(after("gen_ai_client_operation_time_to_first_chunk_seconds", model)).toBeGreaterThan(before("gen_ai_client_operation_time_to_first_chunk_seconds", model));
    expect(after("http_server_request_duration_seconds", { http_route: "/api/games/:id/messages", http_response_status_code: "200" })).toBe(
      before("http_server_request_duration_seconds", { http_route: "/api/games/:id/messages", http_response_status_code: "200" }) + 1,
    );
    expect(after("nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(after("storie_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
    expect(after("storie_narrations_running")).toBe(0);
  });

  it("storie_choice_contract_total counts each finished narration by how it met the choice contract (issue 38 §5)", async () => {
    const player = await registerPlayer(server);
    const gameId = await newGame(player.client, "horror");
    const play = async (content: string) => expect((await readEvents(await player.client.request("POST", `/api/games/${gameId}/messages`, { content }))).at(-1)!.event).toBe("done");
    const outcomes = ["kept", "rewritten", "repaired", "generic"];
    const count = async () => {
      const read = await scrape(server);
      return outcomes.map((outcome) => read("storie_choice_contract_total", { outcome }));
    };
    const before = await count();
    await play("/inizia"); // the fake's reply ends with 1. 2. 3.: kept
    // A narration without choices: the repair call answers the fake's three choices.
    fake.set({ respond: (body) => (body.stream ? { text: "La porta si chiude alle tue spalle." } : undefined) });
    try {
      await play("Apro la porta");
    } finally {
      fake.set({ respond: undefined });
    }
    const after = await count();
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 0, 1, 0]);
  });

  it("/metrics is refused through a proxy without the token, and served with it", async () => {
    const proxied = await fetch(new URL("/metrics", server.url), { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(proxied.status).toBe(403);
    const wrong = await fetch(new URL("/metrics", server.url), { headers: { "x-forwarded-for": "203.0.113.9", authorization: "Bearer sbagliato-sbagliato-sbagliato" } });
    expect(wrong.status).toBe(403);
    await scrape(server, { "x-forwarded-for": "203.0.113.9", authorization: `Bearer ${METRICS_TOKEN}` });
  });

  it("/metrics on loopback is refused to a request carrying any header a proxy sets, and served to a plain scraper (issue 36 finding 14)", async () => {
    const url = new URL("/metrics", server.url);
    for (const [name, value] of Object.entries(PROXY_HEADERS)) {
      const refused = await fetchFrom("127.0.0.1", url, { headers: { [name]: value } });
      expect({ name, status: refused.status }).toEqual({ name, status: 403 });
      const withToken = await fetchFrom("127.0.0.1", url, { headers: { [name]: value, authorization: `Bearer ${METRICS_TOKEN}` } });
      expect({ name, status: withToken.status }).toEqual({ name, status: 200 });
    }
    // What Prometheus sends from this machine is no proxy's.
    const scraper = { accept: "text/plain;version=0.0.4", "user-agent": "Prometheus/3.5.0", "x-prometheus-scrape-timeout-seconds": "10" };
    expect((await fetchFrom("127.0.0.1", url, { headers: scraper })).status).toBe(200);
  });

  it("/api/ready says the database answers, /api/health that the process lives", async () => {
    expect((await new TestClient(server.url).json("GET", "/api/ready")).body).toEqual({ status: "ready", database: dialect });
    expect((await new TestClient(server.url).json("GET", "/api/health")).status).toBe(200);
  });
});

describe.each(DIALECTS)("readiness and shutdown on %s", (dialect) => {
  it("a trusted proxy's X-Request-Id is kept, a malformed one replaced", async () => {
    const server = await startTestServer(dialect, { env: { TRUSTED_PROXIES: "127.0.0.1" } });
    try {
      const kept = await fetch(new URL("/api/health", server.url), { headers: { "x-request-id": "proxy-4bf92f3577b34da6" } });
      expect(kept.headers.get("x-request-id")).toBe("proxy-4bf92f3577b34da6");
      const odd = await fetch(new URL("/api/health", server.url), { headers: { "x-request-id": `<script>${"x".repeat(200)}` } });
      expect(odd.headers.get("x-request-id")).toMatch(UUID);
    } finally {
      await server.close();
    }
  });

  it("/metrics is refused without the token to a connection from TRUSTED_PROXIES, which may forward the public with no header at all (issue 36 finding 14)", async () => {
    const server = await startTestServer(dialect, { env: { TRUSTED_PROXIES: "127.0.0.1", METRICS_TOKEN } });
    try {
      const url = new URL("/metrics", server.url);
      expect((await fetchFrom("127.0.0.1", url)).status).toBe(403);
      expect((await fetchFrom("127.0.0.1", url, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(200);
      // Another loopback address is not the proxy: a scraper on this machine.
      expect((await fetchFrom("127.0.0.2", url)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("/api/ready answers 503 once the database is unreachable", async () => {
    const server = await startTestServer(dialect);
    await server.deps.db.destroy();
    const answer = await new TestClient(server.url).json("GET", "/api/ready");
    expect(answer).toEqual({ status: 503, body: { status: "unavailable", database: dialect } });
    await server.close().catch(() => undefined);
  });

  it("a stop past SHUTDOWN_TIMEOUT_MS cuts the running narration, which keeps the words already written", async () => {
    const fake = await startFakeOpenAI({ tokensPerSecond: 4 });
    let server = await startTestServer(dialect, { env: { AI_BASE_URL: fake.url, AI_MODEL: "lento", SHUTDOWN_TIMEOUT_MS: "300" } });
    try {
      const player = await registerPlayer(server);
      const gameId = await newGame(player.client, "giallo");
      const controller = new AbortController();
      const turn = await player.client.request("POST", `/api/games/${gameId}/messages`, { content: "/inizia" }, { signal: controller.signal });
      await readEvents(turn, (e) => void (e.event === "delta" && controller.abort())).catch(() => undefined);
      const started = Date.now();
      server = await restartTestServer(server, { env: { AI_BASE_URL: fake.url, AI_MODEL: "lento" } });
      // The whole reply would take about ten seconds at four words a second.
      expect(Date.now() - started).toBeLessThan(5_000);
      const client = new TestClient(server.url);
      await client.post("/api/auth/sign-in/email", { email: player.email, password: player.password });
      const game = await client.json("GET", `/api/games/${gameId}`);
      const narration = game.body.messages.at(-1);
      expect(narration.role).toBe("assistant");
      expect(narration.content.length).toBeGreaterThan(0);
    } finally {
      await server.close();
      await fake.close();
    }
  });
});
