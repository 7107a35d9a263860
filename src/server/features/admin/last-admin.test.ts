/**
 * The last admin and the admin plan (issue 9 finding 10), over real HTTP on SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL: no route removes the only admin, also when two admins act at
 * the same moment (each pair of requests is sent in parallel); the admin plan is held by
 * admins only, and a demoted admin gets the plan their orders give.
 */

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DIALECTS, registerPlayer, signIn, startTestServer, type TestServer } from "../../testing/harness";

const ADMIN_EMAIL = "admin-ultimo@example.com";
const ADMIN_PASSWORD = "password-admin-ultimo";
const LAST_ADMIN_MESSAGE = "Deve restare almeno un amministratore: nomina prima un altro amministratore.";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(DIALECTS)("last admin on %s", (dialect) => {
  let server: TestServer;
  let first: Player;

  beforeEach(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    const client = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
    first = { client, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, id: (await client.json("GET", "/api/me")).body.user.id };
  });
  afterEach(async () => {
    await server.close();
  });

  const admins = async () =>
    (await server.deps.db.selectFrom("user_roles").select("user_id").where("role", "=", "admin").execute()).map((r) => r.user_id);
  const promote = async (by: Player, who: Player) => {
    const res = await by.client.json("PUT", `/api/admin/users/${who.id}`, { email: who.email, role: "admin", plan: "admin" });
    expect(res.status).toBe(200);
  };
  const twoAdmins = async () => {
    const second = await registerPlayer(server);
    await promote(first, second);
    expect(await admins()).toHaveLength(2);
    return second;
  };

  it("the only admin cannot delete their own account; the refusal says why", async () => {
    const refused = await first.client.json("DELETE", "/api/profile", { password: first.password });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(LAST_ADMIN_MESSAGE);
    expect(await admins()).toEqual([first.id]);
    expect((await first.client.json("GET", "/api/me")).body.isAdmin).toBe(true);
  });

  it("two admins deleting their own accounts at once: one goes, the other stays admin", async () => {
    const second = await twoAdmins();
    const results = await Promise.all([first.client.json("DELETE", "/api/profile", { password: first.password }), second.client.json("DELETE", "/api/profile", { password: second.password })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await admins()).toHaveLength(1);
  });

  it("two admins demoting each other at once: exactly one admin remains", async () => {
    const second = await twoAdmins();
    const results = await Promise.all([
      first.client.json("PUT", `/api/admin/users/${second.id}`, { email: second.email, role: "user", plan: "base" }),
      second.client.json("PUT", `/api/admin/users/${first.id}`, { email: ADMIN_EMAIL, role: "user", plan: "base" }),
    ]);
    // The loser is refused by the last-admin check (409) or, if the winner committed first, by the admin check (403).
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 || r.status === 403)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
  });

  it("two admins deactivating each other at once: exactly one active admin remains", async () => {
    const second = await twoAdmins();
    const results = await Promise.all([
      first.client.json("DELETE", `/api/admin/users/${second.id}`),
      second.client.json("DELETE", `/api/admin/users/${first.id}`),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const deactivated = await server.deps.db.selectFrom("user_deactivations").select("user_id").execute();
    expect(deactivated).toHaveLength(1);
    expect(await admins()).toHaveLength(2);
    // The one left cannot deactivate or erase themselves, nor demote themselves.
    const active = [first.id, second.id].find((id) => id !== deactivated[0]!.user_id)!;
    const activeAdmin = active === first.id ? first : second;
    expect((await activeAdmin.client.json("DELETE", "/api/profile", { password: activeAdmin.password })).status).toBe(409);
  });

  it("two admins erasing each other at once ('Elimina definitivamente'): exactly one admin remains", async () => {
    const second = await twoAdmins();
    const results = await Promise.all([
      first.client.json("DELETE", `/api/admin/users/${second.id}?should_soft_delete=false`),
      second.client.json("DELETE", `/api/admin/users/${first.id}?should_soft_delete=false`),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await admins()).toHaveLength(1);
    const [remaining] = await admins();
    expect(await server.deps.db.selectFrom("user").select("id").where("id", "=", remaining!).execute()).toHaveLength(1);
  });

  it("the admin plan is for admins only; demoting an admin gives them the plan their orders give", async () => {
    const player = await registerPlayer(server);
    const refused = await first.client.json("PUT", `/api/admin/users/${player.id}`, { email: player.email, role: "user", plan: "admin" });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe("Il piano Admin è riservato agli amministratori: scegli un altro piano o il ruolo Amministratore.");
    const created = await first.client.json("POST", "/api/admin/users", { email: "moderatore-admin@example.com", role: "moderator", plan: "admin" });
    expect(created.status).toBe(400);
    expect((await first.client.json("GET", "/api/me")).body.isAdmin).toBe(true);
    expect((await player.client.json("GET", "/api/me")).body.tokens.plan).toBe("base");

    // A buyer of Pro who becomes admin, then is demoted, is back on Pro.
    const order = await first.client.json("POST", "/api/admin/orders", { userEmail: player.email, subscriptionType: "pro", amount: 19.99, status: "completed" });
    expect(order.body.plan).toBe("pro");
    await promote(first, player);
    expect((await player.client.json("GET", "/api/me")).body.tokens.plan).toBe("admin");
    const demoted = await first.client.json("PUT", `/api/admin/users/${player.id}`, { email: player.email, role: "moderator", plan: "admin" });
    expect(demoted.status).toBe(200);
    expect(demoted.body).toMatchObject({ role: "moderator", plan: "pro", messageLimit: 100 });
  });
});
