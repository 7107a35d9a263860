/**
 * The audit trail and the order history outlive their people (issue 9 findings 8 and 9), over
 * real HTTP on SQLite and, with TEST_DATABASE_URL, PostgreSQL: entries and orders survive the
 * erasure of their actor / buyer (anonymised), an entry commits or fails with its change,
 * 'Registro attività' pages by keyset and filters by who, action and time, and a buyer's plan
 * is always that of their latest completed order.
 */

import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withMigrationLock } from "../../platform/db/migrate";
import { DIALECTS, registerPlayer, signIn, startTestServer, TestClient, type TestServer } from "../../testing/harness";

const ADMIN_EMAIL = "admin-registro@example.com";
const ADMIN_PASSWORD = "password-admin-registro";

type Player = Awaited<ReturnType<typeof registerPlayer>>;

describe.each(DIALECTS)("audit trail and orders on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer(dialect, { env: { ADMIN_EMAIL, ADMIN_PASSWORD } });
    admin = await signIn(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await server.close();
  });

  const order = async (buyer: Player, subscriptionType: "premium" | "pro", status = "completed") => {
    const res = await admin.json("POST", "/api/admin/orders", { userEmail: buyer.email, subscriptionType, amount: 9.99, status });
    expect(res.status).toBe(201);
    return res.body.order.id as string;
  };
  const setStatus = async (id: string, status: string) => {
    const res = await admin.json("PATCH", `/api/admin/orders/${id}`, { status });
    expect(res.status).toBe(200);
  };
  const planOf = async (player: Player) => (await player.client.json("GET", "/api/me")).body.tokens.plan;
  const auditPage = async (query: string) => {
    const res = await admin.json("GET", `/api/admin/audit?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { items: any[]; nextCursor: string | null };
  };

  it("a buyer's plan is that of their latest completed order, through refunds and failures", async () => {
    const buyer = await registerPlayer(server);
    const premium = await order(buyer, "premium");
    expect(await planOf(buyer)).toBe("premium");
    const pro = await order(buyer, "pro");
    expect(await planOf(buyer)).toBe("pro");
    await setStatus(premium, "refunded"); // an older order: the newer Pro still counts
    expect(await planOf(buyer)).toBe("pro");
    await setStatus(pro, "failed"); // the Pro payment turned out failed: nothing completed is left
    expect(await planOf(buyer)).toBe("base");
    await setStatus(premium, "completed");
    expect(await planOf(buyer)).toBe("premium");
    await order(buyer, "pro", "pending"); // a pending order changes nothing
    expect(await planOf(buyer)).toBe("premium");
    await setStatus(pro, "completed");
    expect(await planOf(buyer)).toBe("pro");
  });

  it("orders and audit entries survive the erasure of their buyer and of the admin who wrote them", async () => {
    const colleague = await registerPlayer(server);
    expect((await admin.json("PUT", `/api/admin/users/${colleague.id}`, { email: colleague.email, role: "admin", plan: "admin" })).status).toBe(200);
    const buyer = await registerPlayer(server);
    const recorded = await colleague.client.json("POST", "/api/admin/orders", { userEmail: buyer.email, subscriptionType: "pro", amount: 19.99, status: "completed" });
    expect(recorded.status).toBe(201);
    const written = await auditPage(`actor=${encodeURIComponent(colleague.email)}`);
    expect(written.items.map((e) => e.action)).toEqual(["admin.order.create"]);

    // The buyer erases their account: the order stays, with no buyer.
    expect((await buyer.client.json("DELETE", "/api/profile", { password: buyer.password })).status).toBe(200);
    const orders = (await admin.json("GET", "/api/admin/orders?limit=100")).body.items;
    expect(orders.find((o: any) => o.id === recorded.body.order.id)).toMatchObject({ userId: null, userEmail: null, amount: 19.99, status: "completed" });

    // The admin who recorded it is deleted: their entry stays, with their e-mail of the time.
    expect((await admin.json("DELETE", `/api/admin/users/${colleague.id}?should_soft_delete=false`)).status).toBe(200);
    const kept = await auditPage(`actor=${encodeURIComponent(colleague.email)}`);
    expect(kept.items).toHaveLength(1);
    expect(kept.items[0]).toMatchObject({ action: "admin.order.create", userEmail: colleague.email, actorExists: false });
    const deletion = await auditPage("action=admin.user.delete");
    expect(deletion.items[0]).toMatchObject({ userEmail: ADMIN_EMAIL, actorExists: true, detail: `${colleague.email} (${colleague.id})` });

    // The foreign keys themselves no longer cascade: a user row deleted outside the erasure keeps its rows too.
    const other = await registerPlayer(server);
    await order(other, "premium");
    await other.client.json("GET", "/api/admin/stats");
    await server.deps.db.deleteFrom("user").where("id", "=", other.id).execute();
    const orphans = await server.deps.db
      .selectFrom("subscription_orders")
      .select(sql<number>`count(*)`.as("n"))
      .where("user_id", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(orphans.n)).toBeGreaterThanOrEqual(2);
    expect((await auditPage(`actor=${encodeURIComponent(other.email)}&action=admin.denied`)).items[0]).toMatchObject({ actorExists: false });
  });

  it("an audit entry commits with its change: when it cannot be written, the change is undone", async () => {
    const player = await registerPlayer(server);
    const { db } = server.deps;
    // DDL under the migration lock, so no other test's server reads the catalogue mid-rename.
    await withMigrationLock(db, (locked) => sql`alter table audit_log rename to audit_log_off`.execute(locked));
    let refused;
    try {
      refused = await admin.json("PUT", `/api/admin/users/${player.id}`, { email: player.email, role: "user", plan: "pro" });
    } finally {
      await withMigrationLock(db, (locked) => sql`alter table audit_log_off rename to audit_log`.execute(locked));
    }
    expect(refused.status).toBe(500);
    expect(await planOf(player)).toBe("base");
    const saved = await admin.json("PUT", `/api/admin/users/${player.id}`, { email: player.email, role: "user", plan: "pro" });
    expect(saved.status).toBe(200);
    expect(await planOf(player)).toBe("pro");
    expect((await auditPage("action=admin.user.update")).items[0].detail).toContain(`${player.email} (${player.id}): piano Base → Pro`);
  });

  it("'Registro attività' pages by keyset without repeats and filters by who, action and time", async () => {
    const buyer = await registerPlayer(server);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await order(buyer, i % 2 ? "pro" : "premium"));
    const seen: any[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const page = await auditPage(`action=admin.order.create&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
      // An entry written meanwhile does not shift the pages being read.
      if (seen.length === 2) await order(buyer, "pro");
    }
    expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
    const mine = seen.filter((e) => ids.some((id) => e.detail.startsWith(id)));
    expect(mine.map((e) => e.detail.slice(0, 36))).toEqual([...ids].reverse());
    expect(seen.map((e) => e.createdAt)).toEqual([...seen.map((e) => e.createdAt)].sort().reverse());

    const future = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await auditPage(`from=${encodeURIComponent(future)}`)).items).toEqual([]);
    expect((await auditPage(`to=${encodeURIComponent(past)}`)).items).toEqual([]);
    const recent = await auditPage(`from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}&actor=ADMIN-REGISTRO&action=admin.order.create&limit=100`);
    expect(recent.items.length).toBeGreaterThanOrEqual(6);
    expect(recent.items.every((e) => e.userEmail === ADMIN_EMAIL && e.action === "admin.order.create")).toBe(true);
    expect((await auditPage(`actor=${randomUUID()}`)).items).toEqual([]);

    for (const [query, message] of [
      ["cursor=qualcosa", "Pagina non valida."],
      ["action=DROP%20TABLE", "Azione non valida."],
      ["from=ieri", "Data non valida."],
      [`from=${encodeURIComponent(future)}&to=${encodeURIComponent(past)}`, "La data iniziale deve precedere quella finale."],
    ] as const) {
      const bad = await admin.json("GET", `/api/admin/audit?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.message, query).toBe(message);
    }
  });
});
