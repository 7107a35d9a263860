/**
 * Issue 13 (Saved templates): 'Salvati' on /scopri and 'I miei preferiti' on /profilo list a
 * player's favourites newest saved first, in keyset pages on (created_at, id). This index serves
 * that read directly (the player's rows, already in order), so a page costs its own rows however
 * many templates the player saved.
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("user_favorites_user_saved_idx").on("user_favorites").columns(["user_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("user_favorites_user_saved_idx").ifExists().execute();
}
