/**
 * Migration 0006 (issue 9 findings 8, 9) on a database that already holds data: every audit
 * entry and order is kept (the actor's e-mail filled in), and afterwards deleting a user sets
 * their rows' user_id to NULL instead of deleting them. SQLite and, with TEST_DATABASE_URL,
 * PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { nowIso } from "../clock";
import { DIALECTS, openMigrationTestDatabase } from "../../testing/harness";

describe.each(DIALECTS)("migration 0006 on %s", (dialect) => {
  it("keeps existing audit entries and orders, and makes them outlive their user", async () => {
    const database = await openMigrationTestDatabase(dialect);
    const { handle, migrator } = database;
    try {
      expect((await migrator.migrateTo("0004_presence")).error).toBeUndefined();
      const { db } = handle;
      const now = nowIso();
      const users = [randomUUID(), randomUUID()];
      for (const [i, id] of users.entries()) {
        await db
          .insertInto("user")
          .values({ id, name: "U", email: `u${i}@example.com`, emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: now, updatedAt: now, isAnonymous: null })
          .execute();
        await db.insertInto("audit_log" as never).values({ id: randomUUID(), user_id: id, action: "admin.denied", detail: "GET /api/admin/stats", ip: "127.0.0.1", created_at: now } as never).execute();
        await db.insertInto("subscription_orders").values({ id: randomUUID(), user_id: id, subscription_type: "pro", amount: "19.99", status: "completed", created_at: now }).execute();
      }

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const audit = await db.selectFrom("audit_log").select(["user_id", "actor_email", "count", "last_at"]).orderBy("actor_email").execute();
      expect(audit).toEqual([
        { user_id: users[0], actor_email: "u0@example.com", count: 1, last_at: now },
        { user_id: users[1], actor_email: "u1@example.com", count: 1, last_at: now },
      ]);
      expect(await db.selectFrom("subscription_orders").select("user_id").orderBy("user_id").execute()).toHaveLength(2);

      await db.deleteFrom("user").where("id", "=", users[0]!).execute();
      expect((await db.selectFrom("audit_log").select("user_id").where("actor_email", "=", "u0@example.com").executeTakeFirstOrThrow()).user_id).toBeNull();
      const orders = await db.selectFrom("subscription_orders").select(["user_id", "amount"]).execute();
      expect(orders.map((o) => o.user_id).sort()).toEqual([users[1], null].sort());
      expect(orders.every((o) => Number(o.amount) === 19.99)).toBe(true);
    } finally {
      await database.close();
    }
  });
});
