/**
 * Chat-turn benchmark (issue: foundation §8). Prints a table; a report, not a test.
 *
 * Starts the real server (child process, SQLite in a temp folder) against the fake
 * OpenAI-compatible provider over HTTP, registers players through the API, and measures:
 *  - time per turn (send → last streamed byte) p50/p99 and turns/s with an instant provider at
 *    1, 10 and 100 concurrent players;
 *  - time from send to the first streamed word with a provider that waits 400 ms then sends
 *    50 tokens/s;
 *  - the trivial JSON endpoint (GET /api/health) rate in the same run, as the ceiling.
 * Usage: npm run bench:turn
 */

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeOpenAI } from "../src/server/testing/fake-openai";
import { readEvents, TestClient } from "../src/server/testing/harness";
import { outboxLink } from "../src/server/testing/outbox";
import { percentile } from "./bench-support";

const PORT = 3377;
const BASE = `http://127.0.0.1:${PORT}`;
const TURNS_PER_PLAYER = 6;

/** CPU time (user + system, ms) the server process has used so far, from /proc (Linux). */
function serverCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function waitForHealth() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function player(dataDir: string, n: number, unlimited: (email: string) => Promise<void>) {
  const client = new TestClient(BASE);
  const email = `bench-${n}-${Date.now()}@example.com`;
  const password = "password-bench-1";
  await client.post("/api/auth/sign-up/email", { email, password, name: "b", acceptPrivacy: true });
  const link = new URL(await outboxLink(dataDir, email));
  await client.get(link.pathname + link.search);
  await unlimited(email);
  const game = await client.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
  // The server takes choices only once the game has started (spec §4).
  await readEvents(await client.post(`/api/games/${game.body.id}/messages`, { content: "/inizia" }));
  return { client, gameId: game.body.id };
}

async function turn(p: { client: TestClient; gameId: string }) {
  const started = performance.now();
  let firstWord = NaN;
  const response = await p.client.post(`/api/games/${p.gameId}/messages`, { content: "A" });
  const events = await readEvents(response, (e) => {
    if (e.event === "delta" && Number.isNaN(firstWord)) firstWord = performance.now() - started;
  });
  if (events.at(-1)?.event !== "done") throw new Error(`turn failed: ${JSON.stringify(events.at(-1))}`);
  return { total: performance.now() - started, firstWord };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storie-bench-"));
  const fake = await startFakeOpenAI({ text: "La torre si staglia nel cielo.\n\n1. Entra\n2. Aspetta\n3. Fuggi" });
  const server: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []), "dist-server/index.js"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, DATABASE_URL: "", AI_BASE_URL: fake.url, AI_MODEL: "fake-model", AUTH_RATE_LIMIT: "off", ADMIN_EMAIL: "", ADMIN_PASSWORD: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const rows: string[][] = [];
  try {
    await waitForHealth();
    const { default: SQLite } = await import("better-sqlite3");
    const sqlite = new SQLite(path.join(dataDir, "storie.sqlite"));
    // Benchmark players are on the unlimited plan so the quota never stops a run.
    const unlimited = async (email: string) => {
      sqlite.prepare(`update user_tokens set model='admin', message_limit=-1 where user_id=(select id from "user" where email=?)`).run(email);
    };

    const players = [];
    for (let i = 0; i < 100; i++) players.push(await player(dataDir, i, unlimited));
    await Promise.all(players.slice(0, 10).map((p) => turn(p))); // warm-up

    // Ceiling: trivial JSON endpoint, 100 concurrent clients for 3 s.
    let healthCount = 0;
    const healthCpuBefore = serverCpuMs(server.pid!);
    const healthUntil = performance.now() + 3000;
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        while (performance.now() < healthUntil) {
          await (await fetch(`${BASE}/api/health`)).arrayBuffer();
          healthCount++;
        }
      }),
    );
    const ceiling = healthCount / 3;
    const healthCpu = (serverCpuMs(server.pid!) - healthCpuBefore) / healthCount;

    for (const concurrency of [1, 10, 100]) {
      const times: number[] = [];
      const cpuBefore = serverCpuMs(server.pid!);
      const started = performance.now();
      await Promise.all(
        players.slice(0, concurrency).map(async (p) => {
          for (let i = 0; i < TURNS_PER_PLAYER; i++) times.push((await turn(p)).total);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const rate = times.length / seconds;
      const cpuPerTurn = (serverCpuMs(server.pid!) - cpuBefore) / times.length;
      rows.push([`instant provider, ${concurrency} players`, times.length.toString(), percentile(times, 50).toFixed(1), percentile(times, 99).toFixed(1), cpuPerTurn.toFixed(2), rate.toFixed(0), `${((rate / ceiling) * 100).toFixed(1)} %`]);
    }

    fake.set({ firstTokenDelayMs: 400, tokensPerSecond: 50 });
    const firstWords: number[] = [];
    for (const p of players.slice(0, 5)) firstWords.push((await turn(p)).firstWord);
    rows.push(["400 ms + 50 tok/s provider: first word", firstWords.length.toString(), percentile(firstWords, 50).toFixed(1), percentile(firstWords, 99).toFixed(1), "–", "–", "–"]);
    rows.push(["GET /api/health (ceiling), 100 clients", healthCount.toString(), "–", "–", healthCpu.toFixed(2), ceiling.toFixed(0), "100 %"]);
    sqlite.close();
  } finally {
    server.kill("SIGTERM");
    await fake.close();
  }

  const header = ["scenario", "samples", "p50 ms", "p99 ms", "server CPU ms/req", "per second", "of ceiling"];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
  console.log(`\nNode ${process.version}, ${os.cpus().length} cores. p50/p99: send → end of stream, measured by the client over loopback`);
  console.log("(includes queueing behind the other players); server CPU ms/req: the server process's CPU time per request.");
  fs.rmSync(dataDir, { recursive: true, force: true });
}

void main();
