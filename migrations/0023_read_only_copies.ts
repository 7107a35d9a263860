/**
 * Issue 24 "Gioca insieme": a player who leaves a group story keeps a read-only copy of it in
 * /profilo. saved_games.read_only is 1 for such a copy (set when it is made, never changed): its
 * owner reads it, exports it and deletes it; every other write is refused (ADR 0019).
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("saved_games").addColumn("read_only", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("saved_games").addColumn("copied_from", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("saved_games").dropColumn("copied_from").execute();
  await db.schema.alterTable("saved_games").dropColumn("read_only").execute();
}
