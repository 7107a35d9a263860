/**
 * Load benchmark of the expensive requests (issue 19 findings 5 and 6; ADR 0018). Prints a table;
 * a report, not a test.
 *
 * Starts the built server (dist-server, child process, SQLite in a temp folder) against the
 * benchmark provider (bench-provider.ts), registers two players through the API and gives the
 * first a shared story of 900 messages on one path whose narrations are long (19,000 characters
 * each, as a player's 'Modifica' could make them before issue 19), inserted in the database. Then,
 * in two scenarios one after the other:
 *  1. 40 requests at concurrency 10 to the story's reading page GET /storia/{id}/{slug};
 *  2. 4 parallel PDF exports of that story by its owner (GET /api/games/:id/export?format=pdf);
 * while the second player plays turns one after another (send → 'done') and GET /api/health is
 * polled every 100 ms. For each scenario: the requests' answers (status counts), their median and
 * max time, the median and max time of /api/health and of a turn (target: both under 500 ms), the
 * server process's CPU time (/proc), its RSS before and after, and the bytes of one reading page.
 * Usage: npm run bench:load (BENCH_QUICK=1: 60 messages, 8 page GETs, 2 exports, 1 s idle).
 */

import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { readEvents, TestClient } from "../src/server/testing/harness";
import { startBenchProvider } from "./bench-provider";
import { expectOk, percentile, serverCpuMs, signUpConfirmed, sized, spawnBuiltServer, stopChild, waitForHealth } from "./bench-support";

const PORT = 3378;
const BASE = `http://127.0.0.1:${PORT}`;
const MESSAGES = sized(900, 60);
const NARRATION_CHARS = 19_000;
const PAGE_REQUESTS = sized(40, 8);
const PAGE_CONCURRENCY = sized(10, 4);
const EXPORTS = sized(4, 2);
const IDLE_MS = sized(3000, 1000);
const HEALTH_EVERY_MS = 100;

/** The server process's resident memory (bytes), from /proc (Linux). */
function serverRss(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith("VmRSS:"))!;
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** A player signed up and confirmed through the API, with a fantasy game. Output: client, user id, game id. */
async function player(dataDir: string, name: string) {
  const client = new TestClient(BASE);
  const email = `bench-load-${name}-${Date.now()}@example.com`;
  await signUpConfirmed(client, dataDir, email, "password-bench-1", name);
  const me = await client.json<{ user: { id: string } }>("GET", "/api/me");
  if (me.status !== 200) throw new Error(`not signed in after confirming ${email}: ${me.status}`);
  const game = await client.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
  if (game.status !== 201) throw new Error(`game not created: ${game.status}`);
  return { client, id: me.body.user.id, gameId: game.body.id };
}

/** A long narration: paragraphs of prose with dialogue, ending with three choices. */
function narration(turn: number): string {
  const paragraph = `Turno ${turn}. La nebbia sale dal porto e la lanterna del guardiano oscilla nel buio. "Chi va là?" chiede una voce dal molo, e nessuno risponde. `.repeat(4);
  const prose = Array.from({ length: Math.ceil(NARRATION_CHARS / paragraph.length) }, () => paragraph.trim()).join("\n\n").slice(0, NARRATION_CHARS);
  return `${prose}\n\n1. Segui il guardiano\n2. Esplora il molo\n3. Torna alla locanda`;
}

/**
 * Repeats `run` until `done` settles. Output: the time (ms) of each run that succeeded and the
 * number that failed (e.g. a keep-alive connection the server reset after its event loop was
 * held past the keep-alive timeout).
 */
async function repeatUntil(done: Promise<unknown>, run: () => Promise<void>, pauseMs = 0): Promise<{ times: number[]; failed: number }> {
  let finished = false;
  void done.finally(() => (finished = true));
  const times: number[] = [];
  let failed = 0;
  while (!finished) {
    const started = performance.now();
    try {
      await run();
      times.push(performance.now() - started);
    } catch {
      failed++;
    }
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
  }
  return { times, failed };
}

interface Scenario {
  name: string;
  statuses: Record<number, number>;
  requestTimes: number[];
  health: { times: number[]; failed: number };
  turns: { times: number[]; failed: number };
  cpuMs: number;
  rssBefore: number;
  rssAfter: number;
  pageBytes: number | null;
}

async function measure(server: ChildProcess, name: string, turn: () => Promise<void>, load: () => Promise<{ status: number; ms: number; bytes: number }[]>): Promise<Scenario> {
  const pid = server.pid!;
  const rssBefore = serverRss(pid);
  const cpuBefore = serverCpuMs(pid);
  const loadDone = load();
  const [answers, health, turns] = await Promise.all([
    loadDone,
    repeatUntil(loadDone, async () => void (await (await fetch(`${BASE}/api/health`)).arrayBuffer()), HEALTH_EVERY_MS),
    repeatUntil(loadDone, turn),
  ]);
  // Some answers may be refusals (a second export of one player: 429), but not all of them.
  if (answers.length > 0 && !answers.some((a) => a.status === 200)) throw new Error(`${name}: no request answered 200 (${answers.map((a) => a.status).join(", ")})`);
  const statuses: Record<number, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const pages = answers.filter((a) => a.status === 200);
  return {
    name,
    statuses,
    requestTimes: answers.map((a) => a.ms),
    health,
    turns,
    cpuMs: serverCpuMs(pid) - cpuBefore,
    rssBefore,
    rssAfter: serverRss(pid),
    pageBytes: name.startsWith("reading") && pages.length > 0 ? pages[0]!.bytes : null,
  };
}

/** Runs `count` timed GETs of `pathname` by `client`, `concurrency` at a time. */
async function timedGets(client: TestClient, pathname: string, count: number, concurrency: number) {
  /** Status 0: the connection failed. */
  const answers: { status: number; ms: number; bytes: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const started = performance.now();
        try {
          const response = await client.get(pathname);
          const bytes = (await response.arrayBuffer()).byteLength;
          answers.push({ status: response.status, ms: performance.now() - started, bytes });
        } catch {
          answers.push({ status: 0, ms: performance.now() - started, bytes: 0 });
        }
      }
    }),
  );
  return answers;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
/** "p50 / max (n)", with the failures when there were any. */
const runs = (r: { times: number[]; failed: number }) => `${ms(r.times)} (${r.times.length}${r.failed ? `, ${r.failed} failed` : ""})`;
const ms = (values: number[]) => (values.length ? `${percentile(values, 50).toFixed(0)} / ${Math.max(...values).toFixed(0)}` : "–");

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storie-bench-load-"));
  const fake = await startBenchProvider();
  const server = spawnBuiltServer({ port: PORT, dataDir, aiUrl: fake.url, stdio: ["ignore", "inherit", "inherit"] });
  const scenarios: Scenario[] = [];
  try {
    await waitForHealth(BASE, server);
    const { default: SQLite } = await import("../src/server/platform/db/sqlite-driver");
    const sqlite = new SQLite(path.join(dataDir, "storie.sqlite"));
    const owner = await player(dataDir, "owner");
    const reader = await player(dataDir, "reader");
    sqlite.prepare(`update user_tokens set model='admin', message_limit=-1 where user_id = ?`).run(reader.id);

    // The owner's story: 900 messages on one path, inserted (player's message, long narration, …).
    const insert = sqlite.prepare("insert into chat_messages (id, game_id, user_id, role, content, image_url, created_at, parent_id, depth) values (?, ?, ?, ?, ?, null, ?, ?, ?)");
    let parent: string | null = null;
    sqlite.transaction(() => {
      for (let depth = 0; depth < MESSAGES; depth++) {
        const id = randomUUID();
        const user = depth % 2 === 0;
        const content = depth === 0 ? "/inizia" : user ? ["/A", "/B", "/C"][depth % 3]! : narration(depth);
        insert.run(id, owner.gameId, owner.id, user ? "user" : "assistant", content, new Date(Date.UTC(2026, 0, 1) + depth * 1000).toISOString(), parent, depth);
        parent = id;
      }
    })();
    sqlite.prepare("update saved_games set tip_message_id = ? where id = ?").run(parent, owner.gameId);
    sqlite.close();
    const share = await owner.client.json<{ path: string }>("PUT", `/api/games/${owner.gameId}/share`, { showNickname: false, listed: false });
    if (share.status !== 200 && share.status !== 201) throw new Error(`share failed: ${share.status}`);
    const visitor = new TestClient(BASE);

    await readEvents(await expectOk(await reader.client.post(`/api/games/${reader.gameId}/messages`, { content: "/inizia" }), "first turn"));
    const turn = async () => {
      const events = await readEvents(await expectOk(await reader.client.post(`/api/games/${reader.gameId}/messages`, { content: "A" }), "turn"));
      if (events.at(-1)?.event !== "done") throw new Error(`turn failed: ${JSON.stringify(events.at(-1))}`);
    };
    // Warm-up: a turn and a health check, so the first measured ones pay no cold start.
    await turn();
    await fetch(`${BASE}/api/health`);

    scenarios.push(await measure(server, `idle (turns and health only, ${IDLE_MS / 1000} s)`, turn, async () => {
      await new Promise((r) => setTimeout(r, IDLE_MS));
      return [];
    }));
    scenarios.push(await measure(server, `reading page: ${PAGE_REQUESTS} GETs, ${PAGE_CONCURRENCY} at a time`, turn, () => timedGets(visitor, share.body.path, PAGE_REQUESTS, PAGE_CONCURRENCY)));
    scenarios.push(await measure(server, `PDF export: ${EXPORTS} in parallel, one player`, turn, () =>
      timedGets(owner.client, `/api/games/${owner.gameId}/export?format=pdf`, EXPORTS, EXPORTS)));
  } finally {
    await stopChild(server);
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  console.log(`\nA shared story of ${MESSAGES} messages (narrations of ${NARRATION_CHARS.toLocaleString("en-US")} characters); a second player plays turns meanwhile, /api/health every ${HEALTH_EVERY_MS} ms.\n`);
  console.log(
    table(
      ["scenario", "answers", "request ms p50 / max", "/api/health ms p50 / max", "turn ms p50 / max", "server CPU", "RSS before → after", "bytes per page"],
      scenarios.map((s) => [
        s.name,
        Object.entries(s.statuses).map(([status, n]) => `${n}× ${status}`).join(", ") || "–",
        ms(s.requestTimes),
        runs(s.health),
        runs(s.turns),
        `${(s.cpuMs / 1000).toFixed(1)} s`,
        `${mb(s.rssBefore)} → ${mb(s.rssAfter)}`,
        s.pageBytes === null ? "–" : mb(s.pageBytes),
      ]),
    ),
  );
  console.log(`\nNode ${process.version}, ${os.cpus().length} cores; the benchmark's own client shares the machine. Target: turn and /api/health under 500 ms.`);
}

await main();
