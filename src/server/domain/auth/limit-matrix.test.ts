/**
 * The auth limits hold whatever the encoding of the attack (issue 19 findings 1, 2 and "make this
 * class of bug hard to write again"), over real HTTP from one and from many loopback addresses:
 * - every limited auth route refuses a form, multipart or text/plain body with 415 in Italian,
 *   before any password work, e-mail, account or session;
 * - wrong passwords sent in each encoding never get more checks than the JSON limits allow, and
 *   the right password after them does not sign in;
 * - wrong two-step codes with the challenge cookie quoted, spaced or repeated count on the
 *   account like plain ones, and while the account is under delay the right code is refused too.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, TestClient, startTestServer, type TestServer } from "../../testing/harness";
import { codes, enableTotp } from "../../testing/totp";
import { ACCOUNT_FREE_FAILURES, PAIR_FAILURES } from "./limits";

const ENCODINGS = ["json", "form", "multipart", "text/plain"] as const;
type Encoding = (typeof ENCODINGS)[number];
const NOT_JSON = ENCODINGS.filter((e) => e !== "json");
const UNSUPPORTED = "Formato della richiesta non supportato: invia i dati in JSON.";

/** A body of `fields` in `encoding`, with its Content-Type (multipart: set by fetch, with the boundary). */
function encode(encoding: Encoding, fields: Record<string, string>): { body: BodyInit; headers: Record<string, string> } {
  if (encoding === "json") return { body: JSON.stringify(fields), headers: { "content-type": "application/json" } };
  if (encoding === "text/plain") return { body: JSON.stringify(fields), headers: { "content-type": "text/plain" } };
  if (encoding === "form") return { body: new URLSearchParams(fields).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return { body: form, headers: {} };
}

/** POSTs `fields` in `encoding` (plus `headers`, e.g. a hand-written Cookie on a client without cookies). */
async function send(client: TestClient, path: string, encoding: Encoding, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const { body, headers: typeHeaders } = encode(encoding, fields);
  const response = await client.request("POST", `/api/auth${path}`, undefined, { body, headers: { ...typeHeaders, ...headers } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as { code?: string; message?: string; twoFactorRedirect?: boolean } | null };
}

/** The ways to spell the two-step challenge cookie `name=value` that Better Auth's cookie parser reads as the same cookie. */
const SPELLINGS = {
  plain: (name: string, value: string) => `${name}=${value}`,
  quoted: (name: string, value: string) => `${name}="${value}"`,
  spaced: (name: string, value: string) => `${name} = ${value}`,
  duplicated: (name: string, value: string) => `${name}=${value}; ${name}=2fa-altro.${"A".repeat(43)}=`,
} as const;
type Spelling = keyof typeof SPELLINGS;

describe.each(DIALECTS)("auth limits in every encoding on %s", (dialect) => {
  let server: TestServer;
  let subnet = 10;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { AUTH_RATE_LIMIT: "on" } });
  });
  afterAll(() => server.close());

  /** A fresh /24 of loopback addresses ("127.0.<n>."), so that cells do not share address counters. */
  const addresses = () => `127.0.${subnet++}.`;
  const passwordWork = () => server.deps.auth.passwordWork.hash + server.deps.auth.passwordWork.verify;
  const rows = async (table: "user" | "session") => Number((await server.deps.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it.each(NOT_JSON)("a %s body is refused with 415 in Italian on every limited auth route, before any password, e-mail, account or session", async (encoding) => {
    const player = await registerPlayer(server, undefined, `${addresses()}200`);
    const email = `matrice-${randomUUID().slice(0, 8)}@example.com`;
    const routes: [string, Record<string, string>][] = [
      ["/sign-in/email", { email: player.email, password: player.password }],
      ["/sign-up/email", { email, password: "password-sicura-1", name: "Intruso", acceptPrivacy: "true", confirmAge: "true", callbackURL: "/generi" }],
      ["/request-password-reset", { email: player.email, redirectTo: "/reset-password" }],
      ["/send-verification-email", { email: player.email, callbackURL: "/generi" }],
      ["/change-email", { newEmail: email, callbackURL: "/profilo" }],
      ["/reset-password", { newPassword: "password-nuova-1", token: "indovinato" }],
      ["/two-factor/verify-totp", { code: "123456" }],
      ["/two-factor/verify-backup-code", { code: "abcdefghij" }],
      ["/two-factor/disable", { password: player.password, code: "123456" }],
      ["/two-factor/enable", { password: player.password }],
      ["/sign-in/anonymous", { rememberMe: "true" }],
    ];
    const before = { work: passwordWork(), mail: server.mailbox.length, users: await rows("user"), sessions: await rows("session") };
    const from = addresses();
    for (const [index, [path, fields]] of routes.entries()) {
      // The player's own browser (signed in) and a stranger at another address.
      for (const client of [player.client, new TestClient(server.url, `${from}${index + 1}`)]) {
        const answer = await send(client, path, encoding, fields);
        expect({ path, status: answer.status, body: answer.body }).toMatchObject({ path, status: 415, body: { code: "UNSUPPORTED_MEDIA_TYPE", title: "Errore", message: UNSUPPORTED } });
      }
    }
    expect({ work: passwordWork(), mail: server.mailbox.length, users: await rows("user"), sessions: await rows("session") }).toEqual(before);
  });

  it("finding 1 as found: 12 form-encoded wrong passwords then the right one never sign in, and the JSON limit still counts from the first JSON guess", async () => {
    const player = await registerPlayer(server, undefined, `${addresses()}200`);
    const attacker = new TestClient(server.url, `${addresses()}1`);
    const work = passwordWork();
    for (let i = 0; i < 12; i++) expect((await send(attacker, "/sign-in/email", "form", { email: player.email, password: `sbagliata-${i}` })).status).toBe(415);
    expect((await send(attacker, "/sign-in/email", "form", { email: player.email, password: player.password })).status).toBe(415);
    expect(passwordWork()).toBe(work);
    for (let i = 0; i < PAIR_FAILURES; i++) expect((await send(attacker, "/sign-in/email", "json", { email: player.email, password: `sbagliata-${i}` })).status).toBe(401);
    expect((await send(attacker, "/sign-in/email", "json", { email: player.email, password: player.password })).status).toBe(429);
    expect((await attacker.json("GET", "/api/me")).status).toBe(401);
  });

  describe.each(ENCODINGS)("wrong passwords as %s", (encoding) => {
    it.each([
      ["one address", 1],
      ["many addresses", 4],
    ] as const)("from %s: no more checks than the limit allows, and the right password then does not sign in", async (_label, spread) => {
      const player = await registerPlayer(server, undefined, `${addresses()}200`);
      const from = addresses();
      const work = passwordWork();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const client = new TestClient(server.url, `${from}${(i % spread) + 1}`);
        statuses.push((await send(client, "/sign-in/email", encoding, { email: player.email, password: `sbagliata-${i}` })).status);
      }
      const last = new TestClient(server.url, spread === 1 ? `${from}1` : `${from}99`);
      const right = await send(last, "/sign-in/email", encoding, { email: player.email, password: player.password });
      if (encoding === "json") {
        // One address: the pair limit after PAIR_FAILURES; many: the account's delay after ACCOUNT_FREE_FAILURES.
        const checks = spread === 1 ? PAIR_FAILURES : ACCOUNT_FREE_FAILURES;
        expect(statuses).toEqual([...Array(checks).fill(401), ...Array(12 - checks).fill(429)]);
        expect(right.status).toBe(429);
        expect(passwordWork() - work).toBe(checks);
      } else {
        expect(statuses).toEqual(Array(12).fill(415));
        expect(right.status).toBe(415);
        expect(passwordWork()).toBe(work);
      }
      expect((await last.json("GET", "/api/me")).status).toBe(401);
    });
  });

  /**
   * A pending sign-in of `player` (password accepted, code asked) from `address`.
   * Output: the two_factor cookie's name and value as the server set them.
   */
  async function challenge(player: { email: string; password: string }, address: string): Promise<{ name: string; value: string }> {
    const response = await new TestClient(server.url, address).request("POST", "/api/auth/sign-in/email", { email: player.email, password: player.password });
    expect(((await response.json()) as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBe(true);
    const pair = response.headers.getSetCookie().map((line) => line.split(";")[0]!).find((p) => p.includes("two_factor="));
    const eq = pair!.indexOf("=");
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1) };
  }

  describe.each(Object.keys(SPELLINGS) as Spelling[])("two-step codes with the challenge cookie %s", (spelling) => {
    it.each([
      ["one address", 1],
      ["many addresses", 4],
    ] as const)("from %s, in every encoding: the account's limit holds and the right code is refused after it", async (_label, spread) => {
      const player = await registerPlayer(server, undefined, `${addresses()}200`);
      const { totp } = await enableTotp(player.client, player.password);
      const from = addresses();
      const statuses: number[] = [];
      // 20 wrong codes over `spread` addresses, each address with its own challenge (finding 2: 4 challenges, 4 addresses).
      for (let a = 1; a <= spread; a++) {
        const cookie = await challenge(player, `${from}${a}`);
        const header = { cookie: SPELLINGS[spelling](cookie.name, cookie.value) };
        const attacker = new TestClient(server.url, `${from}${a}`);
        for (const encoding of NOT_JSON) expect((await send(attacker, "/two-factor/verify-totp", encoding, { code: totp.generate() }, header)).status).toBe(415);
        for (let i = 0; i < 20 / spread; i++) statuses.push((await send(attacker, "/two-factor/verify-totp", "json", { code: codes(totp).wrong }, header)).status);
      }
      const checks = spread === 1 ? PAIR_FAILURES : ACCOUNT_FREE_FAILURES;
      expect(statuses).toEqual([...Array(checks).fill(401), ...Array(20 - checks).fill(429)]);
      // Under the limit, the right code from a new challenge is refused too, however the cookie is spelled.
      const last = `${from}${spread === 1 ? 1 : 99}`;
      const cookie = await challenge(player, last);
      const late = new TestClient(server.url, last);
      const right = await send(late, "/two-factor/verify-totp", "json", { code: totp.generate() }, { cookie: SPELLINGS[spelling](cookie.name, cookie.value) });
      expect(right.status).toBe(429);
      expect(right.body?.code).toBe("RATE_LIMITED");
      expect(await server.deps.db.selectFrom("session").select("id").where("userId", "=", player.id).execute()).toHaveLength(1);
    });
  });
});
