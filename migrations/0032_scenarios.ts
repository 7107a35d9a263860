/**
 * Issue 40 (players create worlds): the columns a player's scenario needs on saved_games, shared by
 * publishing/remix (§1, §4) and character-card import/export (§3).
 * - draft: 1 while a player's scenario is private to its author (a template row with is_template = 1);
 *   0 for every published template (every existing template stays published).
 * - remix_of: the scenario a remix was copied from (no foreign key: the original may be removed,
 *   the credit line then names it without a link); null otherwise.
 * - first_message: the scenario's opening ('first message', a card's first_mes); null: the narrator opens.
 * - alternate_openings: JSON string[] (a card's alternate_greetings); null: none.
 * - raw_card: JSON object of a card's fields the site does not map (kept so an export loses nothing); null: none.
 * - starter: 1 for the starter scenarios the site ships (shown as by 'Storie.ai'); 0 otherwise.
 * The columns are the template row's: they move, are anonymised or are deleted with it.
 * Dialect-neutral (SQLite and PostgreSQL).
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("saved_games").addColumn("draft", "integer", (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("saved_games").addColumn("remix_of", "text").execute();
  await db.schema.alterTable("saved_games").addColumn("first_message", "text").execute();
  await db.schema.alterTable("saved_games").addColumn("alternate_openings", "text").execute();
  await db.schema.alterTable("saved_games").addColumn("raw_card", "text").execute();
  await db.schema.alterTable("saved_games").addColumn("starter", "integer", (col) => col.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("saved_games_remix_of_idx").on("saved_games").column("remix_of").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("saved_games_remix_of_idx").execute();
  for (const column of ["starter", "raw_card", "alternate_openings", "first_message", "remix_of", "draft"]) {
    await db.schema.alterTable("saved_games").dropColumn(column).execute();
  }
}
