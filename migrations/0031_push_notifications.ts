/**
 * Issue 39 "Push notifications" (Web Push with VAPID):
 * - push_subscriptions: one row per browser that turned notifications on, as its
 *   PushSubscription.toJSON() gave it (endpoint, keys); an endpoint belongs to one account at a
 *   time (unique). Erased with the account (foreign key cascade and the account-rows rule).
 * - push_preferences: which kinds of push a player wants ('Tocca a te', a vote opened, a friend
 *   joined, a moderation decision, the site's notifications), 1/0 each; no row = all on.
 * Dialect-neutral (SQLite and PostgreSQL).
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("expires_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_subscriptions_user_idx").on("push_subscriptions").column("user_id").execute();
  await db.schema
    .createTable("push_preferences")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("turn", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("vote", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("friend", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("moderation", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("site", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("push_preferences").ifExists().execute();
  await db.schema.dropTable("push_subscriptions").ifExists().execute();
}
