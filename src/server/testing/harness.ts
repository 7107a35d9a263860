/**
 * Over 350 lines: the test floor's one harness (servers, dialects, cookies, mailbox) every suite shares.
 * Test harness: real servers over real HTTP on a fresh SQLite file, and on a fresh PostgreSQL
 * schema when TEST_DATABASE_URL is set, plus a cookie-keeping HTTP client and a mailbox.
 */

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type https from "node:https";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Narrator } from "../domain/ai/types";
import { openDatabase } from "../platform/db/client";
import { migratorFor, withMigrationLock } from "../platform/db/migrate";
import { loadEnv } from "../platform/env";
import type { MailMessage, MailTransport } from "../platform/mail/mailer";
import { type RunningServer, startServer } from "../app/server";
import { type LogEntry, testLogger } from "./log-capture";
import { relativeLinks } from "./mail-links";

export type TestDialect = "sqlite" | "postgres";

/** Dialects every database test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: TestDialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestServer extends RunningServer {
  mailbox: MailMessage[];
  dialect: TestDialect;
  /** PostgreSQL schema of this server (undefined on SQLite). */
  postgresSchema?: string;
  /** The server's DATA_DIR (holds the SQLite file and the auth secret). */
  dataDir: string;
  /** Stops the server but keeps its database and DATA_DIR (restartTestServer starts it again). */
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** Env overrides (strings, as in process.env). */
  env?: Record<string, string>;
  narrator?: Narrator;
  /** Receives the server's log lines, parsed (every line also goes to the run's log scan, log-capture.ts). */
  onLog?: (entry: LogEntry) => void;
  /** Serves the built web from this folder (benchmarks that open the site in Chromium). */
  webRoot?: string;
  /** The connections to push services (a fake push service's CA; issue 39). */
  pushAgent?: https.Agent;
}

/**
 * Starts a server on an empty database of the dialect.
 * Input: env overrides (strings, as in process.env), an optional narrator and log listener.
 * Output: the running server with a mailbox collecting every e-mail sent.
 */
export async function startTestServer(dialect: TestDialect, options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storie-test-"));
  const schema = dialect === "postgres" ? await createTestSchema() : undefined;
  return launchTestServer(dialect, dataDir, schema, options);
}

/**
 * Creates an empty PostgreSQL schema for one test database and returns its name. Schemas are
 * dropped after the whole run by global-setup.ts, never while other servers start.
 */
async function createTestSchema(): Promise<string> {
  const schema = `t_${process.env.TEST_PG_RUN ?? "x"}_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return schema;
}

/**
 * Opens an empty database of the dialect without migrating it, for migration tests.
 * Output: the handle, migrateTo / migrateToLatest over migrations/ on it (Kysely's results), and
 * close() (closes it, removes its folder).
 */
export async function openMigrationTestDatabase(dialect: TestDialect) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storie-mig-"));
  const schema = dialect === "postgres" ? await createTestSchema() : undefined;
  const handle = openDatabase({ url: schema ? process.env.TEST_DATABASE_URL : path.join(dataDir, "m.sqlite"), dataDir, postgresSchema: schema });
  // Each run holds the migration lock, as the servers' do: another worker's catalogue read never
  // meets these migrations halfway (db/migrate.ts).
  const migrator = {
    migrateTo: (target: string) => withMigrationLock(handle.db, (db) => migratorFor(db, schema).migrateTo(target)),
    migrateToLatest: () => withMigrationLock(handle.db, (db) => migratorFor(db, schema).migrateToLatest()),
  };
  return {
    handle,
    schema,
    migrator,
    async close() {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Restarts a test server as an operator restarts the site: stops it (keeping its database and
 * DATA_DIR), then starts a new server on the same database with `options` (e.g. other env).
 * Output: the new server; its close() removes the database and DATA_DIR as usual.
 */
export async function restartTestServer(server: TestServer, options: TestServerOptions = {}): Promise<TestServer> {
  await server.stop();
  return launchTestServer(server.dialect, server.dataDir, server.postgresSchema, options);
}

async function launchTestServer(dialect: TestDialect, dataDir: string, schema: string | undefined, options: TestServerOptions): Promise<TestServer> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  const env = loadEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: dialect === "postgres" ? baseUrl : path.join(dataDir, "test.sqlite"),
    AUTH_RATE_LIMIT: "off",
    // Issue 40 §4: tests start on an empty 'Scopri' unless they ask for the starters.
    STARTER_SCENARIOS: "off",
    OFFLINE_WORD_DELAY_MS: "0",
    ...options.env,
  });
  const mailbox: MailMessage[] = [];
  // Every e-mail of every test: a relative link (one a mail reader cannot open) fails its sending (issue 36 finding 18).
  const mailer: MailTransport = {
    send: async (m) => {
      const relative = relativeLinks(m.text);
      if (relative.length > 0) throw new Error(`E-mail «${m.subject}» with relative links: ${relative.join(", ")}`);
      mailbox.push(m);
    },
  };
  const server = await startServer({ env, narrator: options.narrator, mailer, postgresSchema: schema, logger: testLogger(options.onLog), webRoot: options.webRoot, pushAgent: options.pushAgent });
  return {
    ...server,
    mailbox,
    dialect,
    postgresSchema: schema,
    dataDir,
    stop: () => server.close(),
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A server running in a child process (startServerProcess). */
export interface ServerProcess {
  url: string;
  /** Stops it with SIGTERM (clean shutdown), waits for the exit, removes its temporary folder. */
  close(): Promise<void>;
  /** Kills it with SIGKILL (a crash: nothing is flushed or closed) and waits for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts a server in a separate Node process: by default on the schema of `peer` (PostgreSQL), as
 * a second instance of the site would run; `env` may instead name its own database, e.g.
 * {DATABASE_URL: "<file>.sqlite", DATA_DIR: "<folder>"} to restart a server on the SQLite file of
 * a killed one (the caller then owns those files). Output: its URL, close() and kill().
 */
export async function startServerProcess(peer: TestServer | undefined, env: Record<string, string> = {}): Promise<ServerProcess> {
  const ownDataDir = env.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), "storie-proc-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/testing/instance.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: ownDataDir,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      TEST_PG_SCHEMA: peer?.postgresSchema ?? "",
      AUTH_RATE_LIMIT: "off",
      // Issue 40 §4: tests start on an empty 'Scopri' unless they ask for the starters.
      STARTER_SCENARIOS: "off",
      AI_BASE_URL: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once("exit", (code) => reject(new Error(`server process exited with ${code}`)));
  });
  const stop = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill(signal);
    await exited;
  };
  return {
    url,
    async close() {
      await stop("SIGTERM");
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
    kill: () => stop("SIGKILL"),
  };
}

/**
 * fetch() over node:http from a chosen local source address (e.g. "127.0.0.2": every 127.x.y.z
 * is this machine on Linux), so tests can act as distinct clients. Input: the local address, the
 * URL and fetch-like init (method, headers, string body). Output: a standard Response.
 */
export function fetchFrom(localAddress: string, url: URL, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const body = typeof init.body === "string" ? init.body : undefined;
    // A length for every body: Node sends a DELETE's body unframed otherwise (the server then reads garbage).
    const headers = { ...Object.fromEntries(new Headers(init.headers)), ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }) };
    const request = http.request(url, { method: init.method ?? "GET", headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : [value ?? ""]) headers.append(name, v);
        }
        const status = res.statusCode ?? 500;
        resolve(new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * An HTTP client that keeps cookies and sends a same-origin Origin header, like a browser.
 * With `localAddress` every request leaves from that source address (see fetchFrom).
 */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly localAddress?: string,
  ) {}

  async request(method: string, pathname: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", this.baseUrl);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (body !== undefined) headers.set("content-type", "application/json");
    const requestInit: RequestInit = { ...init, method, headers, body: body === undefined ? init.body : JSON.stringify(body), redirect: "manual" };
    const url = new URL(pathname, this.baseUrl);
    const response = this.localAddress ? await fetchFrom(this.localAddress, url, requestInit) : await fetch(url, requestInit);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  get(pathname: string) {
    return this.request("GET", pathname);
  }

  post(pathname: string, body?: unknown, init?: RequestInit) {
    return this.request("POST", pathname, body ?? {}, init);
  }

  /** A request whose JSON answer is parsed; `headers` are added to the request (e.g. X-Forwarded-For). */
  async json<T = any>(method: string, pathname: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T }> {
    const response = await this.request(method, pathname, body, headers ? { headers } : undefined);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
}

/**
 * A client signed in with e-mail and password (an admin seeded from ADMIN_EMAIL, a player
 * created earlier). Throws when the sign-in does not answer 200.
 */
export async function signIn(server: TestServer, email: string, password: string): Promise<TestClient> {
  const client = new TestClient(server.url);
  const response = await client.post("/api/auth/sign-in/email", { email, password });
  if (response.status !== 200) throw new Error(`sign-in failed for ${email}: ${response.status} ${await response.text()}`);
  return client;
}

/** The first link of the newest e-mail sent to `to`. Throws when there is none. */
export function linkFromMail(server: TestServer, to: string): string {
  const mail = [...server.mailbox].reverse().find((m) => m.to === to);
  const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no e-mail with a link for ${to}`);
  return link;
}

/**
 * Registers a new player through the public API, confirms the e-mail through the link it
 * received and returns a signed-in client (from `localAddress`, when given: sign-ups are
 * limited per address). Output: {client, email, password, id}.
 */
export async function registerPlayer(server: TestServer, email = `p-${randomUUID().slice(0, 8)}@example.com`, localAddress?: string) {
  const client = new TestClient(server.url, localAddress);
  const password = "password-sicura-1";
  const signUp = await client.post("/api/auth/sign-up/email", { email, password, name: "Giocatore", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const verify = await client.get(new URL(linkFromMail(server, email)).pathname + new URL(linkFromMail(server, email)).search);
  if (verify.status !== 302) throw new Error(`verification failed: ${verify.status}`);
  const me = await client.json<{ user: { id: string } }>("GET", "/api/me");
  if (me.status !== 200) throw new Error(`not signed in after verification: ${me.status}`);
  return { client, email, password, id: me.body.user.id };
}

/**
 * Creates a personal game for a signed-in player through POST /api/games.
 * Input: the player's client and the genre (default horror). Output: the game id. Throws unless 201.
 */
export async function newGame(client: TestClient, genre = "horror"): Promise<string> {
  const created = await client.json<{ id: string }>("POST", "/api/games", { genre });
  if (created.status !== 201) throw new Error(`game not created: ${created.status}`);
  return created.body.id;
}

/** Reads a server-sent event stream into a list of {event, data, id, at} (data JSON-parsed; id undefined when the event has none; at: ms epoch). */
export async function readEvents(response: Response, onEvent?: (e: { event: string; data: any; id?: string }) => void) {
  const events: { event: string; data: any; id?: string; at: number }[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "message";
      const data = block
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      const parsed = { event, data: data ? JSON.parse(data) : null, id: /^id: (.*)$/m.exec(block)?.[1], at: Date.now() };
      events.push(parsed);
      onEvent?.(parsed);
    }
  }
  return events;
}

/** An open GET /api/events of a test client: the events so far, a wait for the next matching one, and close(). */
export type LiveStream = {
  events: { event: string; data: any; at: number }[];
  /** Resolves with the first event matching, failing after `timeoutMs`. */
  next(match: (e: { event: string; data: any }) => boolean, timeoutMs?: number): Promise<{ event: string; data: any; at: number }>;
  close(): void;
};

/** Opens GET /api/events for a client and waits for 'ready'. */
export async function openLive(client: TestClient): Promise<LiveStream> {
  const controller = new AbortController();
  const response = await client.request("GET", "/api/events", undefined, { signal: controller.signal });
  if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}`);
  const waiters: { match: (e: any) => boolean; resolve: (e: any) => void }[] = [];
  const events: LiveStream["events"] = [];
  void readEvents(response, (e) => {
    events.push(e as (typeof events)[number]);
    for (const w of [...waiters]) {
      if (w.match(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
    }
  }).catch(() => undefined);
  const stream: LiveStream = {
    events,
    next(match, timeoutMs = 2000) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.event))}`)), timeoutMs);
        waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    close: () => controller.abort(),
  };
  await stream.next((e) => e.event === "ready");
  return stream;
}
