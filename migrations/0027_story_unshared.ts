/**
 * Issue 36 finding 6, "a restriction belongs to the content, not to one link": a shared story's
 * row in story_shares is now its publication record, kept for the game's whole life.
 * 'Smetti di condividere' no longer deletes it: story_shares.unshared_at is set (the link is dead,
 * the owner sees the story as not shared) and the row keeps its moderation_state and takedown.
 * A later 'Condividi' gives the row a new random id (old links stay dead, as before) and the
 * story's reports and decisions follow it to that id. NULL: the link is live.
 * Dialect-neutral (SQLite and PostgreSQL).
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("story_shares").addColumn("unshared_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("story_shares").dropColumn("unshared_at").execute();
}
