/**
 * Test harness: real servers over real HTTP on a fresh SQLite file, and on a fresh PostgreSQL
 * schema when TEST_DATABASE_URL is set, plus a cookie-keeping HTTP client and a mailbox.
 */

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Narrator } from "../ai/types";
import { loadEnv } from "../env";
import type { MailMessage, Mailer } from "../mail/mailer";
import { type RunningServer, startServer } from "../server";

export type TestDialect = "sqlite" | "postgres";

/** Dialects every database test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: TestDialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestServer extends RunningServer {
  mailbox: MailMessage[];
  dialect: TestDialect;
  /** PostgreSQL schema of this server (undefined on SQLite). */
  postgresSchema?: string;
}

/**
 * Starts a server on an empty database of the dialect.
 * Input: env overrides (strings, as in process.env) and an optional narrator.
 * Output: the running server with a mailbox collecting every e-mail sent.
 */
export async function startTestServer(
  dialect: TestDialect,
  options: { env?: Record<string, string>; narrator?: Narrator } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storie-test-"));
  let schema: string | undefined;
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (dialect === "postgres") {
    schema = `t_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const env = loadEnv({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: dialect === "postgres" ? baseUrl : path.join(dataDir, "test.sqlite"),
    AUTH_RATE_LIMIT: "off",
    OFFLINE_WORD_DELAY_MS: "0",
    ...options.env,
  });
  const mailbox: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void mailbox.push(m) };
  const server = await startServer({ env, narrator: options.narrator, mailer, postgresSchema: schema, log: () => {} });
  return {
    ...server,
    mailbox,
    dialect,
    postgresSchema: schema,
    async close() {
      await server.close();
      if (schema) {
        const client = new pg.Client({ connectionString: baseUrl });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts another server in a separate Node process on the schema of `peer` (PostgreSQL), as a
 * second instance of the site would run. Output: its URL and close() (SIGTERM, then wait).
 */
export async function startServerProcess(peer: TestServer, env: Record<string, string> = {}): Promise<{ url: string; close(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storie-proc-"));
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/testing/instance.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      TEST_PG_SCHEMA: peer.postgresSchema ?? "",
      AUTH_RATE_LIMIT: "off",
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
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An HTTP client that keeps cookies and sends a same-origin Origin header, like a browser. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  async request(method: string, pathname: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has("origin")) headers.set("origin", this.baseUrl);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (body !== undefined) headers.set("content-type", "application/json");
    const response = await fetch(new URL(pathname, this.baseUrl), {
      ...init,
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: "manual",
    });
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

  async json<T = any>(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.request(method, pathname, body);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }
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
 * received and returns a signed-in client. Output: {client, email, id}.
 */
export async function registerPlayer(server: TestServer, email = `p-${randomUUID().slice(0, 8)}@example.com`) {
  const client = new TestClient(server.url);
  const password = "password-sicura-1";
  const signUp = await client.post("/api/auth/sign-up/email", { email, password, name: "Giocatore", acceptPrivacy: true, callbackURL: "/generi" });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const verify = await client.get(new URL(linkFromMail(server, email)).pathname + new URL(linkFromMail(server, email)).search);
  if (verify.status !== 302) throw new Error(`verification failed: ${verify.status}`);
  const me = await client.json<{ user: { id: string } }>("GET", "/api/me");
  if (me.status !== 200) throw new Error(`not signed in after verification: ${me.status}`);
  return { client, email, password, id: me.body.user.id };
}

/** Reads a server-sent event stream into a list of {event, data} (data JSON-parsed). */
export async function readEvents(response: Response, onEvent?: (e: { event: string; data: any }) => void) {
  const events: { event: string; data: any; at: number }[] = [];
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
      const parsed = { event, data: data ? JSON.parse(data) : null, at: Date.now() };
      events.push(parsed);
      onEvent?.(parsed);
    }
  }
  return events;
}
