/**
 * The session check of every /api request (auth/middleware.ts sessionUser: Better Auth's
 * getSession with no cookie cache, ADR 0007): signatures, revocation, expiry and renewal as a
 * player would meet them, over real HTTP, SQLite and PostgreSQL.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, startTestServer, type TestServer } from "../../testing/harness";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)("session check on %s", (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  /** A fresh sign-in's session cookie (name=value) and its token. */
  async function session() {
    const player = await registerPlayer(server);
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ email: player.email, password: player.password }),
    });
    const cookie = response.headers.getSetCookie().map((line) => line.split(";")[0]!).find((c) => c.startsWith("storie.session_token="))!;
    const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)).split(".")[0]!;
    return { player, cookie, token };
  }

  const me = (cookie: string) => fetch(`${server.url}/api/me`, { headers: { cookie } });

  /** Stores `expiresAt` in the session row the way Better Auth does on this database. */
  async function setExpiry(token: string, expiresAt: Date) {
    const row = await server.deps.db.selectFrom("session").select("expiresAt").where("token", "=", token).executeTakeFirstOrThrow();
    await server.deps.db
      .updateTable("session")
      .set({ expiresAt: typeof row.expiresAt === "string" ? expiresAt.toISOString() : expiresAt })
      .where("token", "=", token)
      .execute();
  }

  const expiryOf = async (token: string) => {
    const row = await server.deps.db.selectFrom("session").select("expiresAt").where("token", "=", token).executeTakeFirst();
    return row ? new Date(row.expiresAt).getTime() : null;
  };

  it("lets a signed session in, and refuses a forged signature, another token under the same signature or no signature", async () => {
    const { cookie, token } = await session();
    expect((await me(cookie)).status).toBe(200);
    const signed = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
    const signature = signed.slice(signed.lastIndexOf(".") + 1);
    const forged = `${token}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expect((await me(`storie.session_token=${encodeURIComponent(forged)}`)).status).toBe(401);
    const otherToken = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}.${signature}`;
    expect((await me(`storie.session_token=${encodeURIComponent(otherToken)}`)).status).toBe(401);
    expect((await me(`storie.session_token=${token}`)).status).toBe(401);
    expect((await me(`other_cookie=${encodeURIComponent(signed)}`)).status).toBe(401);
  });

  it("refuses a revoked session at the next request", async () => {
    const { cookie, token } = await session();
    expect((await me(cookie)).status).toBe(200);
    await server.deps.db.deleteFrom("session").where("token", "=", token).execute();
    expect((await me(cookie)).status).toBe(401);
  });

  it("refuses an expired session and deletes its row (Better Auth's rule)", async () => {
    const { cookie, token } = await session();
    await setExpiry(token, new Date(Date.now() - 60_000));
    expect((await me(cookie)).status).toBe(401);
    expect(await expiryOf(token)).toBeNull();
  });

  it("renews a session used after a day (updateAge) and keeps it signed in", async () => {
    const { cookie, token } = await session();
    // Created 2 days ago: 28 days left of 30, past the one-day renewal age.
    await setExpiry(token, new Date(Date.now() + 28 * DAY_MS));
    expect((await me(cookie)).status).toBe(200);
    expect(await expiryOf(token)).toBeGreaterThan(Date.now() + 29.9 * DAY_MS);
    // A session used within the day is read, not written.
    await setExpiry(token, new Date(Date.now() + 29.5 * DAY_MS));
    const unchanged = await expiryOf(token);
    expect((await me(cookie)).status).toBe(200);
    expect(await expiryOf(token)).toBe(unchanged);
  });
});
