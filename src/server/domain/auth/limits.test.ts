/**
 * Sign-in, sign-up and e-mail limits over real HTTP (guests: guest-limits.test.ts) from distinct loopback source
 * addresses (issue 9 findings 2, 3, 6; DESIGN §5): the client address is the socket's, forwarded
 * headers count only from TRUSTED_PROXIES, an attacker at one address never stops a player at
 * another, a flood on one account is slowed whatever the address, and refused attempts cost no
 * password hash.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, startServerProcess, startTestServer, TestClient, type TestServer } from "../../testing/harness";
import { ACCOUNT_DELAY_BASE, ACCOUNT_FREE_FAILURES, PAIR_FAILURES } from "./limits";

const LIMITS_ON = { AUTH_RATE_LIMIT: "on" };

/** Password hashes + verifications the server has done so far. */
function passwordWork(server: TestServer): number {
  const { hash, verify } = server.deps.auth.passwordWork;
  return hash + verify;
}

function signIn(client: TestClient, email: string, password: string, forwardedFor?: string) {
  return client.json("POST", "/api/auth/sign-in/email", { email, password }, forwardedFor ? { "x-forwarded-for": forwardedFor } : undefined);
}

function signUp(client: TestClient, email: string) {
  return client.json("POST", "/api/auth/sign-up/email", { email, password: "password-sicura-1", name: "x", acceptPrivacy: true, confirmAge: true, callbackURL: "/generi" });
}

/** Status, Retry-After and body of a request, for refusals. */
async function attempt(client: TestClient, path: string, body: unknown, headers?: Record<string, string>) {
  const response = await client.request("POST", path, body, { headers });
  return { status: response.status, retryAfter: Number(response.headers.get("retry-after")), body: (await response.json()) as { code?: string; message?: string } };
}

describe.each(DIALECTS)("auth limits on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: LIMITS_ON });
  });
  afterAll(() => server.close());

  it("50 wrong passwords from one address with a rotating X-Forwarded-For are refused after the limit, without hashing; another address signs in at once", async () => {
    const player = await registerPlayer(server);
    const attacker = new TestClient(server.url, "127.0.0.2");
    const statuses: number[] = [];
    let hashesWhenRefused = 0;
    for (let i = 0; i < 50; i++) {
      const result = await attempt(attacker, "/api/auth/sign-in/email", { email: player.email, password: `sbagliata-${i}` }, { "x-forwarded-for": `10.0.${i}.1` });
      statuses.push(result.status);
      if (i === PAIR_FAILURES) {
        expect(result.retryAfter).toBeGreaterThan(0);
        expect(result.body).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/^Troppi tentativi\. Riprova tra \d+ minut[io]\.$/) });
        hashesWhenRefused = passwordWork(server);
      }
    }
    expect(statuses.slice(0, PAIR_FAILURES)).toEqual(Array(PAIR_FAILURES).fill(401));
    expect(statuses.slice(PAIR_FAILURES)).toEqual(Array(50 - PAIR_FAILURES).fill(429));
    // The right password from the flooding address is refused too, still without any hashing.
    expect((await signIn(attacker, player.email, player.password, "10.9.9.9")).status).toBe(429);
    expect(passwordWork(server)).toBe(hashesWhenRefused);

    const started = Date.now();
    const elsewhere = new TestClient(server.url, "127.0.0.3");
    expect((await signIn(elsewhere, player.email, player.password)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await elsewhere.json("GET", "/api/me")).body.user.email).toBe(player.email);
  });

  it("the per-account delay holds across addresses and refuses without hashing", async () => {
    const player = await registerPlayer(server);
    const perAddress = PAIR_FAILURES;
    const addresses = Math.ceil(ACCOUNT_FREE_FAILURES / perAddress);
    for (let a = 0; a < addresses; a++) {
      const client = new TestClient(server.url, `127.0.1.${a + 1}`);
      for (let i = 0; i < perAddress; i++) expect((await signIn(client, player.email, `sbagliata-${a}-${i}`)).status).toBe(401);
    }
    const before = passwordWork(server);
    const fresh = new TestClient(server.url, "127.0.1.100");
    const refused = await attempt(fresh, "/api/auth/sign-in/email", { email: player.email, password: player.password });
    expect(refused.status).toBe(429);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(ACCOUNT_DELAY_BASE);
    expect(refused.body.message).toMatch(/^Troppi tentativi di accesso a questo account\. Riprova tra \d+ secondi\.$/);
    // Rotating addresses or changing the e-mail's case does not lift it.
    const rotated = new TestClient(server.url, "127.0.1.101");
    expect((await signIn(rotated, player.email.toUpperCase(), player.password)).status).toBe(429);
    expect(passwordWork(server)).toBe(before);

    // The address itself is not blocked: another account signs in from it.
    const other = await registerPlayer(server);
    expect((await signIn(fresh, other.email, other.password)).status).toBe(200);
  });

  it("concurrent guesses on one account from many addresses are checked one at a time", async () => {
    const player = await registerPlayer(server);
    const before = passwordWork(server);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(new TestClient(server.url, `127.0.7.${i + 1}`), "/api/auth/sign-in/email", { email: player.email, password: `sbagliata-${i}` })),
    );
    expect(results.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(results.some((r) => r.status === 429 && r.body.message === "Un altro tentativo di accesso a questo account è in corso. Riprova tra 1 secondo.")).toBe(true);
    expect(passwordWork(server) - before).toBe(results.filter((r) => r.status === 401).length);
    expect(passwordWork(server) - before).toBeLessThanOrEqual(ACCOUNT_FREE_FAILURES);
  });

  it("a flood of sign-ups from one address does not lock another address out", async () => {
    const flooder = new TestClient(server.url, "127.0.2.1");
    const results: number[] = [];
    for (let i = 0; i < 11; i++) results.push((await signUp(flooder, `flood-${dialect}-${i}@example.com`)).status);
    expect(results).toEqual([...Array(10).fill(200), 429]);
    expect((await signUp(new TestClient(server.url, "127.0.2.2"), `altro-${dialect}@example.com`)).status).toBe(200);
  });

  it("one confirmation e-mail per recipient in the window, whatever the route, and sign-in still answers 403 (a link already sent)", async () => {
    const email = `non-confermato-${dialect}@example.com`;
    const sent = () => server.mailbox.filter((m) => m.to === email).length;
    expect((await signUp(new TestClient(server.url, "127.0.3.1"), email)).status).toBe(200);
    expect(sent()).toBe(1);
    for (let i = 0; i < 20; i++) {
      const early = await signIn(new TestClient(server.url, `127.0.3.${10 + (i % 4)}`), email, "password-sicura-1");
      expect(early.status).toBe(403);
      expect(early.body.code).toBe("EMAIL_NOT_VERIFIED_LINK_RECENT");
    }
    for (let i = 0; i < 3; i++) {
      const resend = await new TestClient(server.url, `127.0.3.${20 + i}`).json("POST", "/api/auth/send-verification-email", { email, callbackURL: "/generi" });
      expect(resend.status).toBe(200);
      expect((await signUp(new TestClient(server.url, `127.0.3.${30 + i}`), email)).status).toBe(422);
    }
    expect(sent()).toBe(1);
  });

  it("one password-reset e-mail per recipient in the window", async () => {
    const player = await registerPlayer(server);
    const before = server.mailbox.filter((m) => m.to === player.email).length;
    for (let i = 0; i < 3; i++) {
      const reset = await new TestClient(server.url, `127.0.4.${i + 1}`).json("POST", "/api/auth/request-password-reset", { email: player.email, redirectTo: "/reset-password" });
      expect(reset.status).toBe(200);
    }
    expect(server.mailbox.filter((m) => m.to === player.email).length - before).toBe(1);
  });

  it("reset and resend requests, and link checks, are limited per address; another address still gets its answer", async () => {
    const asker = new TestClient(server.url, "127.0.8.1");
    const mailPaths = ["/api/auth/request-password-reset", "/api/auth/send-verification-email"] as const;
    // Five e-mail requests per address in 15 minutes, whatever the recipient and the route.
    for (let i = 0; i < 5; i++) {
      const body = i % 2 === 0 ? { email: `sconosciuto-${i}-${dialect}@example.com`, redirectTo: "/reset-password" } : { email: `sconosciuto-${i}-${dialect}@example.com`, callbackURL: "/generi" };
      expect((await attempt(asker, mailPaths[i % 2]!, body)).status).toBe(200);
    }
    const refusedMail = await attempt(asker, "/api/auth/request-password-reset", { email: `altro-${dialect}@example.com`, redirectTo: "/reset-password" });
    expect(refusedMail).toMatchObject({ status: 429, body: { code: "RATE_LIMITED", message: expect.stringMatching(/^Troppi tentativi\. Riprova tra \d+ minut[io]\.$/) } });
    expect(refusedMail.retryAfter).toBeGreaterThan(0);
    const elsewhere = new TestClient(server.url, "127.0.8.2");
    expect((await attempt(elsewhere, "/api/auth/request-password-reset", { email: `altro-${dialect}@example.com`, redirectTo: "/reset-password" })).status).toBe(200);

    // Twenty guessed links (confirmation or reset) per address in 15 minutes, then 429.
    const guesser = new TestClient(server.url, "127.0.8.3");
    for (let i = 0; i < 20; i++) {
      const guess =
        i % 2 === 0
          ? await guesser.request("GET", `/api/auth/verify-email?token=indovinato-${i}&callbackURL=/generi`)
          : await guesser.request("POST", "/api/auth/reset-password", { newPassword: "password-nuova-1", token: `indovinato-${i}` });
      expect(guess.status).not.toBe(429);
      await guess.arrayBuffer();
    }
    expect((await attempt(guesser, "/api/auth/reset-password", { newPassword: "password-nuova-1", token: "indovinato-20" })).status).toBe(429);
    expect((await guesser.request("GET", "/api/auth/verify-email?token=indovinato-21&callbackURL=/generi")).status).toBe(429);
    const honest = await attempt(new TestClient(server.url, "127.0.8.4"), "/api/auth/reset-password", { newPassword: "password-nuova-1", token: "scaduto" });
    expect(honest.status).toBe(400);
  });

  it("a client cannot forge the private client-address header", async () => {
    const player = await registerPlayer(server);
    const attacker = new TestClient(server.url, "127.0.5.1");
    for (let i = 0; i < PAIR_FAILURES; i++) {
      expect((await attacker.json("POST", "/api/auth/sign-in/email", { email: player.email, password: "sbagliata" }, { "x-storie-client-address": `10.2.0.${i}` })).status).toBe(401);
    }
    expect((await attacker.json("POST", "/api/auth/sign-in/email", { email: player.email, password: "sbagliata" }, { "x-storie-client-address": "10.2.1.1" })).status).toBe(429);
  });

  if (dialect === "postgres") {
    it("two server processes on one PostgreSQL share the counters", async () => {
      const secret = randomUUID() + randomUUID();
      const a = await startTestServer("postgres", { env: { ...LIMITS_ON, AUTH_SECRET: secret } });
      const b = await startServerProcess(a, { ...LIMITS_ON, AUTH_SECRET: secret });
      try {
        const player = await registerPlayer(a);
        const onA = new TestClient(a.url, "127.0.6.1");
        for (let i = 0; i < PAIR_FAILURES; i++) expect((await signIn(onA, player.email, "sbagliata")).status).toBe(401);
        const onB = new TestClient(b.url, "127.0.6.1");
        expect((await signIn(onB, player.email, player.password)).status).toBe(429);
        const rows = await a.deps.db.selectFrom("auth_limits").select("key").where("key", "like", "pair-failures:%").execute();
        expect(rows).toHaveLength(1);
        expect((await signIn(new TestClient(b.url, "127.0.6.2"), player.email, player.password)).status).toBe(200);
      } finally {
        await b.close();
        await a.close();
      }
    });
  }
});

describe.each(DIALECTS)("auth limits behind a trusted proxy on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ...LIMITS_ON, TRUSTED_PROXIES: "127.0.0.1" } });
  });
  afterAll(() => server.close());

  it("with TRUSTED_PROXIES=127.0.0.1 the forwarded address is the client's; other peers' headers are ignored", async () => {
    const player = await registerPlayer(server);
    const proxy = new TestClient(server.url, "127.0.0.1");
    for (let i = 0; i < PAIR_FAILURES; i++) expect((await signIn(proxy, player.email, "sbagliata", "203.0.113.7")).status).toBe(401);
    // A client may prepend anything: the proxy appends the real address on the right.
    expect((await signIn(proxy, player.email, "sbagliata", "198.51.100.1, 203.0.113.7")).status).toBe(429);
    expect((await signIn(proxy, player.email, player.password, "203.0.113.7, 203.0.113.8")).status).toBe(200);
    const session = await server.deps.db.selectFrom("session").select("ipAddress").where("userId", "=", player.id).orderBy("createdAt", "desc").executeTakeFirst();
    expect(session?.ipAddress).toBe("203.0.113.8");

    const direct = new TestClient(server.url, "127.0.0.9");
    for (let i = 0; i < PAIR_FAILURES; i++) expect((await signIn(direct, player.email, "sbagliata", `198.51.100.${i}`)).status).toBe(401);
    expect((await signIn(direct, player.email, player.password, "198.51.100.200")).status).toBe(429);
  });
});
