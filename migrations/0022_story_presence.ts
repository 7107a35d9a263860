/**
 * Issue 24 "Gioca insieme", presence per story: a game tab's presence row says which story it
 * shows (game_id, null for none) and whether its connection has closed (closed 0|1). A closed
 * row is no longer a session for the duplicate-session rule (spec §4) but keeps the player
 * present in the story until its expires_at, 30 s later: then the player is 'assente'.
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("presence").addColumn("game_id", "text").execute();
  await db.schema.alterTable("presence").addColumn("closed", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("presence_game_idx").on("presence").column("game_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("presence_game_idx").ifExists().execute();
  await db.schema.alterTable("presence").dropColumn("closed").execute();
  await db.schema.alterTable("presence").dropColumn("game_id").execute();
}
