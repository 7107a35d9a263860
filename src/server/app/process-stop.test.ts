/**
 * A stop that always ends (issue 36 finding 20). The site is started as the README starts it
 * (src/server/app/index.ts, what `npm start` runs once built) under a supervisor that pipes its output
 * and puts it in its own process group (testing/piped-supervisor.ts), on SQLite and on a fresh
 * PostgreSQL database. SIGTERM goes to the server's group:
 * - with the supervisor exiting too (its end of the pipe closes: the steps), or having
 *   stopped reading before it exits (the pipe is full, then closed), the server is gone within
 *   SHUTDOWN_TIMEOUT_MS plus a few seconds;
 * - with the supervisor still reading, the stop completes, says so and exits with 0;
 * - a second signal ends a stop that is still waiting for a narration at once.
 * The bounds are correctness bounds (a stop that never ends), generous on purpose, not speed goals.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAI } from "../testing/fake-openai";
import { DIALECTS, TestClient } from "../testing/harness";

const SHUTDOWN_TIMEOUT_MS = 2_000;
/** How long a stopped server may take to be gone: the timeout, its closing steps, and a loaded machine's slack. */
const GONE_WITHIN_MS = SHUTDOWN_TIMEOUT_MS + 8_000;

/** One JSON line of the supervisor: its child's pid, a log line of the server, or the child's exit. */
interface SupervisorLine {
  pid?: number;
  paused?: boolean;
  exit?: number | null;
  signal?: string | null;
  url?: string;
  msg?: string;
}

/** A server started under the piped supervisor. */
interface Supervised {
  /** The server's pid, which is also its process group's id. */
  pid: number;
  url: string;
  supervisor: ChildProcess;
  /** Every JSON line the supervisor wrote so far. */
  lines: SupervisorLine[];
  /** Resolves with the first line `match` accepts (already written or still to come). */
  lineWhere(match: (line: SupervisorLine) => boolean): Promise<SupervisorLine>;
}

/** True while `pid` runs: it exists and is not a zombie waiting to be reaped (Linux /proc). */
function running(pid: number): boolean {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return false;
  }
  // The state follows the command name, which is in parentheses: Z is a process that has exited.
  return stat.charAt(stat.lastIndexOf(")") + 2) !== "Z";
}

/** Waits until `pid` is gone, at most `ms`. Output: whether it is gone. */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (running(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

describe.each(DIALECTS)("a stop under a piped supervisor on %s", (dialect) => {
  /** The database every server of this block uses: a SQLite file in its DATA_DIR, or a fresh PostgreSQL database. */
  let databaseUrl = "";
  const started: Supervised[] = [];
  const folders: string[] = [];

  beforeAll(async () => {
    if (dialect !== "postgres") return;
    const name = `storie_stop_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
  });
  afterEach(() => {
    // A server a failed test left running is killed with its group (its own processes only).
    for (const server of started.splice(0)) {
      if (running(server.pid)) process.kill(-server.pid, "SIGKILL");
      server.supervisor.kill("SIGKILL");
    }
  });
  afterAll(async () => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    if (dialect !== "postgres") return;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  });

  /** Starts the site the README's way under the piped supervisor. Output: once it listens, its pid and URL. */
  async function startSupervised(env: Record<string, string> = {}): Promise<Supervised> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storie-stop-"));
    folders.push(dataDir);
    const supervisor = spawn(process.execPath, ["--import", "tsx", "src/server/testing/piped-supervisor.ts", process.execPath, "--import", "tsx", "src/server/app/index.ts"], {
      env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, DATABASE_URL: databaseUrl, AUTH_RATE_LIMIT: "off", AI_BASE_URL: "", ADMIN_EMAIL: "", LOG_FORMAT: "json", SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS), ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const lines: SupervisorLine[] = [];
    const waiting: { match: (line: SupervisorLine) => boolean; resolve: (line: SupervisorLine) => void }[] = [];
    let buffer = "";
    supervisor.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const complete = buffer.split("\n");
      buffer = complete.pop()!;
      for (const text of complete.filter((l) => l.startsWith("{"))) {
        const line = JSON.parse(text) as SupervisorLine;
        lines.push(line);
        for (const waiter of waiting.filter((w) => w.match(line))) waiter.resolve(line);
      }
    });
    const lineWhere = (match: (line: SupervisorLine) => boolean) =>
      new Promise<SupervisorLine>((resolve) => {
        const seen = lines.find(match);
        if (seen) resolve(seen);
        else waiting.push({ match, resolve });
      });
    const pid = (await lineWhere((l) => l.pid !== undefined)).pid!;
    const server: Supervised = { pid, url: "", supervisor, lines, lineWhere };
    started.push(server);
    server.url = (await lineWhere((l) => l.url !== undefined)).url!;
    return server;
  }

  it("ends within SHUTDOWN_TIMEOUT_MS plus a few seconds when the supervisor exits with it and the pipe closes", async () => {
    const server = await startSupervised();
    process.kill(-server.pid, "SIGTERM");
    server.supervisor.kill("SIGTERM");
    expect(await goneWithin(server.pid, GONE_WITHIN_MS)).toBe(true);
  }, 60_000);

  it("ends within SHUTDOWN_TIMEOUT_MS plus a few seconds when the supervisor had stopped reading, then exits", async () => {
    const server = await startSupervised();
    server.supervisor.kill("SIGUSR1");
    await server.lineWhere((l) => l.paused === true);
    // Every request writes a log line: some thousand fill the pipe nobody reads any more.
    const client = new TestClient(server.url);
    for (let batch = 0; batch < 100; batch++) await Promise.all(Array.from({ length: 30 }, () => client.get("/api/pagina-che-non-esiste").then((r) => r.arrayBuffer())));
    process.kill(-server.pid, "SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.supervisor.kill("SIGTERM");
    expect(await goneWithin(server.pid, GONE_WITHIN_MS)).toBe(true);
  }, 120_000);

  it("completes, says so and exits with 0 while the supervisor keeps reading", async () => {
    const server = await startSupervised();
    process.kill(-server.pid, "SIGTERM");
    const exit = await server.lineWhere((l) => l.exit !== undefined);
    expect(exit).toEqual({ exit: 0, signal: null });
    expect(server.lines.map((l) => l.msg)).toEqual(expect.arrayContaining(["Chiusura in corso…", "Chiusura completata"]));
  }, 60_000);

  it("a second signal ends at once a stop that still waits for a narration", async () => {
    const fake = await startFakeOpenAI({ tokensPerSecond: 2 });
    try {
      const server = await startSupervised({ AI_BASE_URL: fake.url, AI_MODEL: "lento", SHUTDOWN_TIMEOUT_MS: "120000" });
      const guest = new TestClient(server.url);
      expect((await guest.json("POST", "/api/auth/sign-in/anonymous", {})).status).toBe(200);
      const game = await guest.json<{ id: string }>("POST", "/api/games", { genre: "fantasy" });
      expect(game.status).toBe(201);
      const turn = await guest.request("POST", `/api/games/${game.body.id}/messages`, { content: "/inizia" });
      const reader = turn.body!.getReader();
      await reader.read();
      process.kill(-server.pid, "SIGTERM");
      await server.lineWhere((l) => l.msg === "Chiusura in corso…");
      // The narration would hold the stop for about a minute at two words a second.
      expect(await goneWithin(server.pid, 1_000)).toBe(false);
      process.kill(-server.pid, "SIGTERM");
      expect(await goneWithin(server.pid, GONE_WITHIN_MS)).toBe(true);
      await reader.cancel().catch(() => undefined);
    } finally {
      await fake.close();
    }
  }, 60_000);
});
