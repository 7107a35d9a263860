/**
 * Issue 22 (Admins, points 9-11; ADR 0016):
 * - `version` on genre_prompts, saved_games (templates) and notifications: the row's edit count,
 *   starting at 1. An admin save names the version it was made on and only applies while the row
 *   still has it (optimistic concurrency); a stale save answers 409.
 * - user_deactivations: accounts an admin deleted with should_soft_delete (spec §7 DELETE
 *   /admin/users/{id}). One row per deactivated user: when, and by which admin (null once that
 *   admin's account is erased). While the row exists the account cannot sign in and its public
 *   content is hidden; 'Ripristina' deletes the row; the sweep erases the account 30 days after
 *   deactivated_at. Removed with the user.
 * - Indexes for the admin lists' keyset pages: users newest first (createdAt, id) and orders of
 *   one status newest first (status, created_at, id).
 */

import type { Kysely } from "kysely";

const VERSIONED = ["genre_prompts", "saved_games", "notifications"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of VERSIONED) {
    await db.schema.alterTable(table).addColumn("version", "integer", (c) => c.notNull().defaultTo(1)).execute();
  }
  await db.schema
    .createTable("user_deactivations")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("deactivated_at", "text", (c) => c.notNull())
    .addColumn("deactivated_by", "text", (c) => c.references("user.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("user_deactivations_at_idx").on("user_deactivations").column("deactivated_at").execute();
  await db.schema.createIndex("user_created_idx").on("user").columns(["createdAt", "id"]).execute();
  await db.schema.createIndex("subscription_orders_status_idx").on("subscription_orders").columns(["status", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("subscription_orders_status_idx").ifExists().execute();
  await db.schema.dropIndex("user_created_idx").ifExists().execute();
  await db.schema.dropTable("user_deactivations").ifExists().execute();
  for (const table of VERSIONED) await db.schema.alterTable(table).dropColumn("version").execute();
}
