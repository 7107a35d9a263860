/** What every benchmark needs: percentiles, the databases to measure on, a signed-in player with a story. */

import { type ChildProcess, type StdioOptions, spawn } from "node:child_process";
import fs from "node:fs";
import { type BrowserContext, chromium, type Page } from "@playwright/test";
import pg from "pg";
import type { RegistrationInput } from "../src/shared/schemas/auth";
import { newGame, registerPlayer, type TestClient, type TestDialect, type TestServer } from "../src/server/testing/harness";
import { outboxLink } from "../src/server/testing/outbox";

/**
 * True under BENCH_QUICK=1 (`npm run bench:quick`, bench/quick.mjs): every benchmark runs its
 * usual code with tiny sizes, a few seconds each, so a broken benchmark shows in CI.
 */
export const QUICK = process.env.BENCH_QUICK === "1";

/** A benchmark's size: `full` normally, `quick` under BENCH_QUICK=1 (see QUICK). */
export function sized<T>(full: T, quick: T): T {
  return QUICK ? quick : full;
}

/**
 * Throws unless `response` answered 2xx (or one of `allowed`, e.g. 302), naming `what`, the
 * status and the start of the body. Output: the response, its body not read when it passed.
 */
export async function expectOk(response: Response, what: string, allowed: number[] = []): Promise<Response> {
  if (response.ok || allowed.includes(response.status)) return response;
  throw new Error(`${what}: answered ${response.status} ${(await response.text()).slice(0, 200)}`);
}

/**
 * For TestClient.json's answers: throws unless `answer.status` is 2xx, naming `what` and the
 * body. Output: the parsed body.
 */
export function okBody<T>(answer: { status: number; body: T }, what: string): T {
  if (answer.status < 200 || answer.status > 299) throw new Error(`${what}: answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  return answer.body;
}

/**
 * The body of POST /api/auth/sign-up/email: every field the registration form sends (the
 * privacy and age boxes ticked). Typed against the shared registration schema, so a new required
 * field fails the type check of the benchmarks rather than their sign-ups. Input: e-mail,
 * password (8+ characters), display name; the confirmation link then leads to /generi.
 */
export function signUpBody(email: string, password: string, name = "Bench"): RegistrationInput & { name: string; callbackURL: string } {
  return { email, password, name, acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" };
}

/**
 * Signs `client` up at its server through the API (signUpBody) and confirms the address with the
 * link of the e-mail the server wrote to `dataDir`/outbox (a built server without SMTP); the
 * client is then signed in. Throws when the sign-up does not answer 200, no e-mail with a link
 * comes, or the link does not redirect (302).
 */
export async function signUpConfirmed(client: TestClient, dataDir: string, email: string, password: string, name?: string): Promise<void> {
  await expectOk(await client.post("/api/auth/sign-up/email", signUpBody(email, password, name)), `sign-up of ${email}`);
  const link = new URL(await outboxLink(dataDir, email));
  const confirmed = await client.get(link.pathname + link.search);
  if (confirmed.status !== 302) throw new Error(`confirmation of ${email}: answered ${confirmed.status}, not 302`);
  await confirmed.arrayBuffer();
}

/** The p-th percentile (0–100) of `values` by the nearest-rank method; NaN for none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * The databases a benchmark runs on: SQLite, and PostgreSQL at BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it answers (the URL is
 * put in TEST_DATABASE_URL for the test harness). Prints why PostgreSQL is skipped otherwise;
 * throws when a URL set in BENCH_DATABASE_URL or TEST_DATABASE_URL does not answer (asked for,
 * so its absence is an error, not a smaller report).
 */
export async function benchDialects(): Promise<TestDialect[]> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const url = given ?? "postgres://postgres@127.0.0.1:5432/test";
  process.env.TEST_DATABASE_URL = url;
  if (await postgresReachable(url)) return ["sqlite", "postgres"];
  if (given) throw new Error(`PostgreSQL not reachable at ${url} (BENCH_DATABASE_URL or TEST_DATABASE_URL)`);
  console.log(`PostgreSQL not reachable (${url}): SQLite only.`);
  return ["sqlite"];
}

/**
 * The session cookie(s) of a fresh e-mail sign-in at `baseUrl`, as a browser sends them
 * ("name=value; …"). Throws unless the sign-in answers 200.
 */
export async function signInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return response.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
}

/**
 * A player on the pro plan (100 messages a day) with a fantasy story of `turns` turns ('/inizia',
 * then the choices /A, /B, /C in turn) played through the API with the server's narrator.
 * Output: the game page's path (/gioco/fantasy/{id}) and the session cookie ("name=value; …").
 * Throws when a turn does not end with its 'done' event.
 */
export async function playerWithStory(server: TestServer, turns: number): Promise<{ game: string; cookie: string }> {
  const player = await registerPlayer(server);
  const db = server.deps.db;
  const plan = await db.selectFrom("plans").select(["message_limit", "visualize_limit"]).where("id", "=", "pro").executeTakeFirstOrThrow();
  await db.updateTable("user_tokens").set({ model: "pro", ...plan }).where("user_id", "=", player.id).execute();
  const gameId = await newGame(player.client, "fantasy");
  for (let turn = 0; turn < turns; turn++) {
    const content = turn === 0 ? "/inizia" : ["/A", "/B", "/C"][turn % 3]!;
    const response = await player.client.request("POST", `/api/games/${gameId}/messages`, { content });
    const events = await response.text();
    if (response.status !== 200 || !events.includes("event: done")) throw new Error(`turn ${turn}: ${response.status} ${events.slice(0, 200)}`);
  }
  return { game: `/gioco/fantasy/${gameId}`, cookie: await signInCookie(server.url, player.email, player.password) };
}

/** The pairs of a Cookie header ("a=1; b=2") as cookies of `url`'s origin, for a browser context. */
export function browserCookies(cookie: string, url: string): { name: string; value: string; url: string }[] {
  const origin = new URL(url).origin;
  return cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: origin }));
}

/** The system's Chromium, the only browser this machine can run (Playwright cannot download its own). */
export const CHROMIUM = "/usr/bin/chromium";

/**
 * Runs `use` with a new page of a new Chromium (/usr/bin/chromium) at a phone's size (390×844,
 * cache empty), signed in with `cookie` ("name=value; …") on `url`'s site when given, and closes
 * the browser after. Output: what `use` returns; its errors pass through.
 */
export async function withPhonePage<T>(url: string, cookie: string | undefined, use: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (cookie) await context.addCookies(browserCookies(cookie, url));
    return await use(await context.newPage(), context);
  } finally {
    await browser.close();
  }
}

/** CPU time (user + system, ms) the process `pid` has used so far, from /proc (Linux). */
export function serverCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * Waits until GET {baseUrl}/api/health answers 2xx (every 100 ms, up to 20 s). Throws after 20 s,
 * or at once when `server` (the process serving it) has exited meanwhile.
 */
export async function waitForHealth(baseUrl: string, server?: ChildProcess): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (server && (server.exitCode !== null || server.signalCode !== null)) throw new Error(`the server exited (${server.exitCode ?? server.signalCode}) before answering ${baseUrl}/api/health`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

/**
 * Stops a child process with SIGTERM and waits for its exit; returns at once when it has already
 * exited (a server that died early must not hang the benchmark's cleanup).
 */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Starts the built server (dist-server/index.js) on SQLite in `dataDir`, listening on 127.0.0.1:`port`,
 * narrating with the OpenAI-compatible provider at `aiUrl` (model "fake-model"), auth limits off and
 * only warnings logged, a privacy contact set. `nodeArgs` go before the script, `env` adds to or overrides that environment.
 */
export function spawnBuiltServer(options: { port: number; dataDir: string; aiUrl: string; nodeArgs?: string[]; env?: Record<string, string>; stdio: StdioOptions }): ChildProcess {
  return spawn(process.execPath, [...(options.nodeArgs ?? []), "dist-server/index.js"], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      DATABASE_URL: "",
      AI_BASE_URL: options.aiUrl,
      AI_MODEL: "fake-model",
      AUTH_RATE_LIMIT: "off",
      // Only warnings and errors: a request's line is information, not a fault.
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      // Set, so the server's start-up warning about it does not count as a fault in bench:turn.
      PRIVACY_EMAIL: "privacy@example.com",
      ...options.env,
    },
    stdio: options.stdio,
  });
}

/** A trace event as Chromium sends it (the fields the benchmarks read; times in µs). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time (µs): the part of `dur` the thread ran on a core. */
  tdur?: number;
  args?: { frame?: string; beginData?: { url?: string; frame?: string } };
}

/**
 * Input: the events of a page load's trace and the page's address. Output: the page's main-thread
 * tasks (RunTask on the thread that parsed the document at `url`) from its first contentful paint
 * (in the document's frame) on. The browser's own pages (chrome://) parse HTML in the same trace,
 * so the thread is found by the document's address. Throws when the trace has no parse of `url`,
 * no paint of its frame or no task.
 */
export function mainThreadTasksAfterPaint(events: TraceEvent[], url: string): TraceEvent[] {
  const parse = events.find((e) => e.name === "ParseHTML" && e.args?.beginData?.url === url);
  const paint = events.find((e) => e.name === "firstContentfulPaint" && e.args?.frame === parse?.args?.beginData?.frame);
  if (!parse || !paint) throw new Error(`${url}: no parse or no first contentful paint in the trace`);
  const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X" && e.pid === parse.pid && e.tid === parse.tid);
  if (tasks.length === 0) throw new Error(`${url}: no main-thread task in the trace`);
  return tasks.filter((e) => e.ts >= paint.ts);
}
