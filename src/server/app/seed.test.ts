/**
 * The admin seed cannot be taken over (issue 9 finding 1), end to end through the API with
 * restarts on the same database: the seed never gives the admin role to an account whose
 * password it did not set, and it runs once per address, so an admin deleted or demoted later
 * stays so. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

import { afterEach, describe, expect, it } from "vitest";
import { DIALECTS, linkFromMail, registerPlayer, restartTestServer, startTestServer, TestClient, type TestServer } from "../testing/harness";
import type { LogEntry } from "../testing/log-capture";

const ADMIN_EMAIL = "operatore@example.com";
const ADMIN_PASSWORD = "password-operatore-1";
const STRANGER_PASSWORD = "password-estraneo-1";
const SEEDED = { env: { ADMIN_EMAIL, ADMIN_PASSWORD } };

describe.each(DIALECTS)("admin seed on %s", (dialect) => {
  let server: TestServer;
  afterEach(async () => {
    await server.close();
  });

  const signIn = async (email: string, password: string) => {
    const client = new TestClient(server.url);
    const response = await client.post("/api/auth/sign-in/email", { email, password });
    return { client, status: response.status };
  };
  const meOf = async (client: TestClient) => (await client.json("GET", "/api/me")).body;
  const signUpStranger = async () => {
    const stranger = new TestClient(server.url);
    const signUp = await stranger.post("/api/auth/sign-up/email", {
      email: ADMIN_EMAIL,
      password: STRANGER_PASSWORD,
      name: "Estraneo",
      acceptPrivacy: true, confirmAge: true,
      callbackURL: "/generi",
    });
    expect(signUp.status).toBe(200);
  };
  /** The stranger's account after a restart: not confirmed, not admin, on base; they can confirm and play, never administer. */
  const expectStrangerIsPlayer = async () => {
    const row = await server.deps.db.selectFrom("user").select(["id", "emailVerified"]).where("email", "=", ADMIN_EMAIL).executeTakeFirstOrThrow();
    expect(Boolean(row.emailVerified)).toBe(false);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(401);
    // E-mail not confirmed yet; the link it sends signs in this browser, which proved the password (issue 36 finding 1).
    const { client: stranger, status } = await signIn(ADMIN_EMAIL, STRANGER_PASSWORD);
    expect(status).toBe(403);
    const confirm = new URL(linkFromMail(server, ADMIN_EMAIL));
    expect((await stranger.get(confirm.pathname + confirm.search)).status).toBe(302);
    const me = await meOf(stranger);
    expect(me.user.id).toBe(row.id);
    expect(me.isAdmin).toBe(false);
    expect(me.tokens.plan).toBe("base");
    expect((await stranger.json("GET", "/api/admin/check")).status).toBe(403);
  };

  it("a stranger who signs up with ADMIN_EMAIL after the admin deleted their account gets nothing at restart", async () => {
    server = await startTestServer(dialect, SEEDED);
    const operator = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(operator.status).toBe(200);
    expect((await meOf(operator.client)).isAdmin).toBe(true);
    // Another admin first (the last admin cannot delete their account), then the seeded admin deletes their own.
    const colleague = await registerPlayer(server);
    expect((await operator.client.json("PUT", `/api/admin/users/${colleague.id}`, { email: colleague.email, role: "admin", plan: "admin" })).status).toBe(200);
    expect((await operator.client.json("DELETE", "/api/profile", { password: ADMIN_PASSWORD })).status).toBe(200);

    await signUpStranger();
    server = await restartTestServer(server, SEEDED);

    await expectStrangerIsPlayer();
    const colleagueAgain = await signIn(colleague.email, colleague.password);
    expect((await colleagueAgain.client.json("GET", "/api/admin/check")).status).toBe(200);
    // Restarting again changes nothing either.
    server = await restartTestServer(server, SEEDED);
    const stillStranger = await signIn(ADMIN_EMAIL, STRANGER_PASSWORD);
    expect(stillStranger.status).toBe(200);
    expect((await meOf(stillStranger.client)).isAdmin).toBe(false);
  });

  it("a seeded admin deleted by another admin stays deleted after restart", async () => {
    server = await startTestServer(dialect, SEEDED);
    const operator = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const operatorId = (await meOf(operator.client)).user.id;
    const colleague = await registerPlayer(server);
    expect((await operator.client.json("PUT", `/api/admin/users/${colleague.id}`, { email: colleague.email, role: "admin", plan: "admin" })).status).toBe(200);
    expect((await colleague.client.json("DELETE", `/api/admin/users/${operatorId}?should_soft_delete=false`)).status).toBe(200);

    server = await restartTestServer(server, SEEDED);
    expect(await server.deps.db.selectFrom("user").select("id").where("email", "=", ADMIN_EMAIL).execute()).toEqual([]);
    expect((await signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(401);
  });

  it("a demoted seeded admin stays demoted after restart, and the operator's password still signs them in", async () => {
    server = await startTestServer(dialect, SEEDED);
    let operator = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const operatorId = (await meOf(operator.client)).user.id;
    // A plain restart keeps the admin and their password.
    server = await restartTestServer(server, SEEDED);
    operator = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(operator.status).toBe(200);
    expect(await meOf(operator.client)).toMatchObject({ isAdmin: true, tokens: { plan: "admin" } });

    const colleague = await registerPlayer(server);
    expect((await operator.client.json("PUT", `/api/admin/users/${colleague.id}`, { email: colleague.email, role: "admin", plan: "admin" })).status).toBe(200);
    const demoted = await colleague.client.json("PUT", `/api/admin/users/${operatorId}`, { email: ADMIN_EMAIL, role: "user", plan: "admin" });
    expect(demoted.status).toBe(200);
    expect(demoted.body).toMatchObject({ role: "user", plan: "base" });

    server = await restartTestServer(server, SEEDED);
    const after = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(after.status).toBe(200);
    expect(await meOf(after.client)).toMatchObject({ isAdmin: false, tokens: { plan: "base" } });
    expect((await after.client.json("GET", "/api/admin/check")).status).toBe(403);
  });

  it("an account that already holds ADMIN_EMAIL at the first seed is refused, with the reason in the log", async () => {
    server = await startTestServer(dialect);
    await signUpStranger();
    const log: LogEntry[] = [];
    server = await restartTestServer(server, { ...SEEDED, onLog: (entry) => log.push(entry) });
    expect(log.some((entry) => entry.level === "warn" && entry.msg?.startsWith("ADMIN_EMAIL:") && entry.msg.includes("NON viene assegnato"))).toBe(true);
    await expectStrangerIsPlayer();
  });
});
