/**
 * Chat-turn benchmark (issue: foundation §8; issue 12 Server). Prints tables; a report, not a test.
 *
 * Starts the built server (dist-server, child process, SQLite in a temp folder) against the fake
 * OpenAI-compatible provider over HTTP (bench-provider.ts), registers players through the API, and
 * measures in one run:
 *  1. the ceiling: GET /api/session signed in (a cheap authenticated endpoint: the session check
 *     and one small JSON answer), driven by autocannon (a maintained HTTP load tool) with 100
 *     connections for 5 s, and GET /api/health the same way;
 *  2. time per turn (send → last streamed byte) p50/p99, turns/s and the server's CPU per turn with
 *     an instant provider at 1, 10 and 100 concurrent players; turns/s as a share of the ceiling;
 *  3. time from send to the first streamed word with a provider that waits 400 ms then sends
 *     50 tokens/s;
 *  4. the server CPU of a turn phase by phase (bench/turn-phases.ts, on SQLite and on PostgreSQL
 *     when reachable); what the HTTP stack adds is the end-to-end figure minus their sum;
 *  5. 5,000 concurrent SSE connections on the one server: 1,000 following narrations in progress
 *     (GET /api/games/:id/live) and 4,000 live-event streams (GET /api/events) of the 100 players,
 *     opened from another process (bench/sse-clients.ts); time to open them, failures, the server's
 *     RSS and heap before and after (per connection), a notification broadcast reaching every
 *     event stream, and the narrations still ending normally.
 * Usage: npm run bench:turn (BENCH_NODE_ARGS adds server flags, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p");
 * BENCH_QUICK=1: 4 players, a few turns per row, 1 s of autocannon with 10 connections, 10 phase
 * turns and 50 SSE connections (bench-support.ts QUICK).
 */

import { type ChildProcess, fork, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { readEvents, TestClient } from "../src/server/testing/harness";
import { benchDialects, expectOk, percentile, serverCpuMs, signInCookie, signUpConfirmed, sized, spawnBuiltServer, stopChild, waitForHealth } from "./bench-support";
import { startBenchProvider } from "./bench-provider";
import { type Phase, PHASES } from "./turn-phases";

const PORT = 3377;
const BASE = `http://127.0.0.1:${PORT}`;
const PLAYERS = sized(100, 4);
/** Turns per player at each concurrency (about 100 turns or more per row). */
const TURNS = new Map(
  sized(
    [
      [1, 100],
      [10, 10],
      [100, 6],
    ],
    [
      [1, 5],
      [2, 3],
      [4, 2],
    ],
  ),
);
const EVENT_STREAMS = sized(4_000, 40);
const NARRATION_FOLLOWERS = sized(1_000, 10);
/** autocannon's connections and seconds for the ceiling. */
const CEILING_CONNECTIONS = sized(100, 10);
const CEILING_SECONDS = sized(5, 1);
/** Turns bench/turn-phases.ts measures per database. */
const PHASE_TURNS = sized(300, 10);
/** Pace of the narrations streamed while the SSE connections open (full: they last the whole run). */
const SLOW_TOKENS_PER_SECOND = sized(0.25, 4);
/** SSE connections being opened at any moment. */
const SSE_PARALLEL = 100;
const count = (n: number) => n.toLocaleString("en-US");
const ADMIN = { email: "bench-admin@example.com", password: "password-admin-bench-1" };

interface Player {
  client: TestClient;
  gameId: string;
  cookie: string;
}

async function player(dataDir: string, n: number, unlimited: (email: string) => void): Promise<Player> {
  const client = new TestClient(BASE);
  const email = `bench-${n}-${Date.now()}@example.com`;
  const password = "password-bench-1";
  await signUpConfirmed(client, dataDir, email, password, "b");
  unlimited(email);
  const game = await client.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
  if (game.status !== 201) throw new Error(`game not created: ${game.status}`);
  // The server takes choices only once the game has started (spec §4).
  const started = await readEvents(await expectOk(await client.post(`/api/games/${game.body.id}/messages`, { content: "/inizia" }), "first turn"));
  if (started.at(-1)?.event !== "done") throw new Error(`first turn failed: ${JSON.stringify(started.at(-1))}`);
  return { client, gameId: game.body.id, cookie: await signInCookie(BASE, email, password) };
}

async function turn(p: Player) {
  const started = performance.now();
  let firstWord = NaN;
  const response = await p.client.post(`/api/games/${p.gameId}/messages`, { content: "A" });
  const events = await readEvents(response, (e) => {
    if (e.event === "delta" && Number.isNaN(firstWord)) firstWord = performance.now() - started;
  });
  if (events.at(-1)?.event !== "done") throw new Error(`turn failed: ${JSON.stringify(events.at(-1))}`);
  return { total: performance.now() - started, firstWord };
}

/**
 * autocannon against `pathname` with CEILING_CONNECTIONS connections for CEILING_SECONDS.
 * Output: requests/s, errors, the server's CPU ms per request. Throws when an answer was not 2xx.
 */
async function ceiling(serverPid: number, pathname: string, cookie?: string) {
  const cpuBefore = serverCpuMs(serverPid);
  const result = await autocannon({ url: `${BASE}${pathname}`, connections: CEILING_CONNECTIONS, duration: CEILING_SECONDS, headers: cookie ? { cookie } : {} });
  if (result.non2xx > 0) throw new Error(`${pathname}: ${result.non2xx} answers not 2xx under autocannon`);
  const requests = result.requests.total;
  return {
    perSecond: requests / CEILING_SECONDS,
    latencyP50: result.latency.p50,
    latencyP99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests,
    cpu: (serverCpuMs(serverPid) - cpuBefore) / requests,
  };
}

/** The server's memory (bytes) after a garbage collection, through bench/memory-probe.mjs. */
async function serverMemory(server: ChildProcess, file: string): Promise<NodeJS.MemoryUsage> {
  fs.rmSync(file, { force: true });
  server.kill("SIGUSR2");
  for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 50));
  return JSON.parse(fs.readFileSync(file, "utf8")) as NodeJS.MemoryUsage;
}

/** Runs bench/turn-phases.ts on `dialect`. Output: CPU ms per turn of each phase. */
async function phases(providerUrl: string, dialect: string): Promise<Record<Phase, number>> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/turn-phases.ts", providerUrl, String(PHASE_TURNS), dialect], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((r) => child.on("exit", r));
  const line = out.split("\n").find((l) => l.startsWith("{"));
  if (code !== 0 || !line) throw new Error(`turn-phases on ${dialect} failed (${code})`);
  return (JSON.parse(line) as { phases: Record<Phase, number> }).phases;
}

/** A message from bench/sse-clients.ts of the given type. */
function reply<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve) => {
    const listen = (message: { type: string }) => {
      if (message.type !== type) return;
      child.off("message", listen);
      resolve(message as T);
    };
    child.on("message", listen);
  });
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storie-bench-"));
  const probeFile = path.join(dataDir, "memory.json");
  const fake = await startBenchProvider();
  const server = spawnBuiltServer({
    port: PORT,
    dataDir,
    aiUrl: fake.url,
    nodeArgs: ["--expose-gc", "--import", "./bench/memory-probe.mjs", ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [])],
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      REQUIRE_ADMIN_2FA: "off",
      MEMORY_PROBE_FILE: probeFile,
      // The capacity run opens 40 event streams and 10 narration streams per player: the
      // per-player stream bounds (issue 19) are lifted so it still measures 5,000 streams.
      LIVE_EVENT_STREAMS_PER_PLAYER: String(Math.ceil(EVENT_STREAMS / PLAYERS)),
      NARRATION_FOLLOWERS_PER_PLAYER: String(Math.ceil(NARRATION_FOLLOWERS / PLAYERS)),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Anything the server logs besides starting and stopping is an error or a warning.
  let serverErrors = "";
  const watchLog = (chunk: Buffer) => {
    const lines = chunk.toString().split("\n").filter((l) => l.trim() && !/Interfaccia web non compilata/.test(l));
    serverErrors += lines.map((l) => `${l}\n`).join("");
  };
  server.stdout!.on("data", watchLog);
  server.stderr!.on("data", (chunk: Buffer) => {
    watchLog(chunk);
    process.stderr.write(chunk);
  });
  const turnRows: string[][] = [];
  const phaseRows: string[][] = [];
  const connectionRows: string[][] = [];
  try {
    await waitForHealth(BASE, server);
    const { default: SQLite } = await import("../src/server/platform/db/sqlite-driver");
    const sqlite = new SQLite(path.join(dataDir, "storie.sqlite"));
    // Benchmark players are on the unlimited plan so the quota never stops a run.
    const unlimited = (email: string) => {
      sqlite.prepare(`update user_tokens set model='admin', message_limit=-1 where user_id=(select id from "user" where email=?)`).run(email);
    };

    const players: Player[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await player(dataDir, i, unlimited));
    await Promise.all(players.slice(0, 10).map((p) => turn(p))); // warm-up

    // 1. The ceiling, with autocannon.
    const session = await ceiling(server.pid!, "/api/session", players[0]!.cookie);
    const health = await ceiling(server.pid!, "/api/health");

    // 2. Turns with an instant provider.
    let oneplayerCpu = NaN;
    for (const [concurrency, turnsEach] of TURNS) {
      const times: number[] = [];
      const cpuBefore = serverCpuMs(server.pid!);
      const started = performance.now();
      await Promise.all(
        players.slice(0, concurrency).map(async (p) => {
          for (let i = 0; i < turnsEach; i++) times.push((await turn(p)).total);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const rate = times.length / seconds;
      const cpuPerTurn = (serverCpuMs(server.pid!) - cpuBefore) / times.length;
      if (concurrency === 1) oneplayerCpu = cpuPerTurn;
      turnRows.push([`instant provider, ${concurrency} player${concurrency > 1 ? "s" : ""}`, times.length.toString(), percentile(times, 50).toFixed(1), percentile(times, 99).toFixed(1), cpuPerTurn.toFixed(2), rate.toFixed(0), `${((rate / session.perSecond) * 100).toFixed(1)} %`]);
    }

    // 3. First word with a realistic provider.
    fake.set({ firstTokenDelayMs: 400, tokensPerSecond: 50 });
    const firstWords: number[] = [];
    for (const p of players.slice(0, 5)) firstWords.push((await turn(p)).firstWord);
    fake.set({ firstTokenDelayMs: 0, tokensPerSecond: 0 });
    turnRows.push(["400 ms + 50 tok/s provider: first word", firstWords.length.toString(), percentile(firstWords, 50).toFixed(1), percentile(firstWords, 99).toFixed(1), "–", "–", "–"]);
    turnRows.push([`GET /api/session signed in (ceiling), autocannon ${CEILING_CONNECTIONS} conn.`, session.requests.toString(), session.latencyP50.toFixed(1), session.latencyP99.toFixed(1), session.cpu.toFixed(2), session.perSecond.toFixed(0), "100 %"]);
    turnRows.push([`GET /api/health, autocannon ${CEILING_CONNECTIONS} conn. (errors: ${health.errors + session.errors})`, health.requests.toString(), health.latencyP50.toFixed(1), health.latencyP99.toFixed(1), health.cpu.toFixed(2), health.perSecond.toFixed(0), `${((health.perSecond / session.perSecond) * 100).toFixed(0)} %`]);

    // 4. Phases, in their own processes (the server above is idle meanwhile).
    const dialects = await benchDialects();
    const byDialect = new Map<string, Record<Phase, number>>();
    for (const dialect of dialects) byDialect.set(dialect, await phases(fake.url, dialect));
    const sqlitePhases = byDialect.get("sqlite")!;
    const phaseSum = (p: Record<Phase, number>) => Object.values(p).reduce((a, b) => a + b, 0);
    for (const key of Object.keys(PHASES) as Phase[]) {
      phaseRows.push([PHASES[key], ...dialects.map((d) => byDialect.get(d)![key].toFixed(2)), `${((sqlitePhases[key] / oneplayerCpu) * 100).toFixed(0)} %`]);
    }
    const rest = oneplayerCpu - phaseSum(sqlitePhases);
    phaseRows.push(["HTTP: routing, middleware, validation, SSE writes (end to end − phases)", rest.toFixed(2), ...dialects.slice(1).map(() => "–"), `${((rest / oneplayerCpu) * 100).toFixed(0)} %`]);
    phaseRows.push(["whole turn, end to end (1 player row above)", oneplayerCpu.toFixed(2), ...dialects.slice(1).map((d) => `(${phaseSum(byDialect.get(d)!).toFixed(2)} w/o HTTP)`), "100 %"]);

    // 5. 5,000 concurrent SSE connections (50 in quick mode).
    const admin = new TestClient(BASE);
    if ((await admin.post("/api/auth/sign-in/email", { email: ADMIN.email, password: ADMIN.password })).status !== 200) throw new Error("admin sign-in failed");
    const before = await serverMemory(server, probeFile);
    // Narrations that last the whole run: one word every 4 s.
    fake.set({ tokensPerSecond: SLOW_TOKENS_PER_SECOND });
    const narrations = await Promise.all(players.map(async (p) => expectOk(await p.client.post(`/api/games/${p.gameId}/messages`, { content: "A" }), "slow narration")));
    const narrationsDone = narrations.map((response) => readEvents(response));
    const targets = [
      ...Array.from({ length: NARRATION_FOLLOWERS }, (_, i) => ({ path: `/api/games/${players[i % PLAYERS]!.gameId}/live`, cookie: players[i % PLAYERS]!.cookie, first: "delta" })),
      ...Array.from({ length: EVENT_STREAMS }, (_, i) => ({ path: "/api/events", cookie: players[i % PLAYERS]!.cookie, first: "ready" })),
    ];
    const clients = fork("bench/sse-clients.ts", [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
    const cpuBeforeOpen = serverCpuMs(server.pid!);
    clients.send({ type: "open", url: BASE, targets, parallel: SSE_PARALLEL });
    const opened = await reply<{ opened: number; failures: Record<string, number>; ms: number; firstEvent: { p50: number; p99: number } }>(clients, "opened");
    const openCpu = serverCpuMs(server.pid!) - cpuBeforeOpen;
    const after = await serverMemory(server, probeFile);
    // Every event stream is live: a published notification reaches all of them.
    const created = await admin.json<{ id: string }>("POST", "/api/admin/notifications", { title: "Bench", content: "Prova di consegna", url: "" });
    if (created.status !== 201) throw new Error(`notification not created: ${created.status}`);
    const published = await admin.json("POST", `/api/admin/notifications/${created.body.id}/publish`);
    if (published.status !== 200) throw new Error(`notification not published: ${published.status}`);
    await new Promise((r) => setTimeout(r, sized(2000, 500)));
    clients.send({ type: "count", event: "notifications.changed" });
    const broadcast = await reply<{ received: number }>(clients, "counted");
    clients.send({ type: "close" });
    const closed = await reply<{ stillOpen: number }>(clients, "closed");
    fake.set({ tokensPerSecond: 0 });
    const ends = (await Promise.all(narrationsDone)).map((events) => events.at(-1)?.event);
    const total = targets.length;
    const failures = Object.entries(opened.failures).map(([reason, n]) => `${n}× ${reason}`).join("; ") || "none";
    connectionRows.push(
      [`SSE connections opened (${count(NARRATION_FOLLOWERS)} narration followers + ${count(EVENT_STREAMS)} live-event streams)`, `${opened.opened} / ${total}`],
      ["failures", failures],
      [`time to open them all (${SSE_PARALLEL} being opened at a time)`, `${(opened.ms / 1000).toFixed(2)} s (${((opened.opened / opened.ms) * 1000).toFixed(0)} /s)`],
      ["time to a stream's first event, p50 / p99", `${opened.firstEvent.p50.toFixed(1)} / ${opened.firstEvent.p99.toFixed(1)} ms`],
      ["server CPU to open one", `${(openCpu / Math.max(1, opened.opened)).toFixed(2)} ms`],
      ["server RSS before → after (per connection)", `${mb(before.rss)} → ${mb(after.rss)} (${kb((after.rss - before.rss) / total)})`],
      ["server JS heap used before → after (per connection)", `${mb(before.heapUsed)} → ${mb(after.heapUsed)} (${kb((after.heapUsed - before.heapUsed) / total)})`],
      ["server external + array buffers before → after", `${mb(before.external + before.arrayBuffers)} → ${mb(after.external + after.arrayBuffers)}`],
      ["live-event streams reached by one published notification", `${broadcast.received} / ${EVENT_STREAMS}`],
      ["connections still open when the clients closed them", `${closed.stillOpen} / ${total}`],
      [`the ${PLAYERS} narrations streamed meanwhile ended with 'done'`, `${ends.filter((e) => e === "done").length} / ${PLAYERS}`],
      ["server errors or warnings on stderr", serverErrors.trim() ? serverErrors.trim().split("\n")[0]!.slice(0, 120) : "none"],
    );
    sqlite.close();
  } finally {
    await stopChild(server);
    await fake.close();
  }

  console.log(table(["scenario", "samples", "p50 ms", "p99 ms", "server CPU ms/req", "per second", "of ceiling"], turnRows));
  console.log(`\nNode ${process.version}, ${os.cpus().length} cores. p50/p99: send → end of stream, measured by the client over loopback`);
  console.log("(includes queueing behind the other players); server CPU ms/req: the server process's CPU time per request (/proc).");
  console.log(`Ceiling: autocannon ${CEILING_CONNECTIONS} connections × ${CEILING_SECONDS} s in this run; the benchmark's own client shares the machine's cores.\n`);
  const dialects = phaseRows[0]!.length - 2;
  console.log(table(["phase of a narrated turn (instant provider)", "SQLite CPU ms", ...(dialects > 1 ? ["PostgreSQL CPU ms"] : []), "share (SQLite)"], phaseRows));
  console.log(`\nPhases: bench/turn-phases.ts calls the turn's own functions ${PHASE_TURNS} times in one process (process.cpuUsage).\n`);
  console.log(table([`${count(EVENT_STREAMS + NARRATION_FOLLOWERS)} concurrent SSE connections, one server instance`, "measured"], connectionRows));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
