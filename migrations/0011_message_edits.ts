/**
 * Issue 11 §2 'Modifica' (docs/decisions/0008-story-tree.md): chat_messages.edited_at, set when
 * the player edits a message or a narration in place (null: never edited). The game page shows
 * such messages as edited (MessageView.edited).
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_messages").addColumn("edited_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_messages").dropColumn("edited_at").execute();
}
