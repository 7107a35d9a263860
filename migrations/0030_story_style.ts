/**
 * Issue 38 §4 (per-story style): saved_games.story_length ('breve' | 'media' | 'lunga') and
 * saved_games.story_creativity ('misurata' | 'equilibrata' | 'audace'), chosen by the story's owner
 * in the game's menu. The defaults keep every existing story as it was narrated before ('media':
 * the genre prompt's max_tokens and no length instruction; 'equilibrata': its temperature).
 * The columns are the story row's: deleted with it, exported with it.
 * Dialect-neutral (SQLite and PostgreSQL).
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("saved_games").addColumn("story_length", "text", (col) => col.notNull().defaultTo("media")).execute();
  await db.schema.alterTable("saved_games").addColumn("story_creativity", "text", (col) => col.notNull().defaultTo("equilibrata")).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("saved_games").dropColumn("story_creativity").execute();
  await db.schema.alterTable("saved_games").dropColumn("story_length").execute();
}
