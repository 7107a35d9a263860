/**
 * Issue 11 §1, the narrator's memory (docs/decisions/0009-narrator-memory.md):
 *
 * 1. story_facts: the facts of 'Ricordi' (id, game, kind, title, text, pinned 0/1, source
 *    'narratore' | 'giocatore', the narration a fact was found in, times); they go with their
 *    game, and a fact outlives its source narration (source_message_id set null).
 * 2. Full-text search in Italian over title and text:
 *    - SQLite: the FTS5 table story_facts_fts (tokenizer `unicode61 remove_diacritics 2`), an
 *      external-content index of story_facts by rowid, kept in sync by three triggers. A VACUUM
 *      may renumber the rowids of story_facts: run `insert into story_facts_fts(story_facts_fts)
 *      values ('rebuild')` after one.
 *    - PostgreSQL: a GIN index on `to_tsvector('italian', title || ' ' || text)`; the search
 *      uses the same expression (src/server/domain/memory/retrieval.ts).
 * 3. saved_games: recap ('La storia finora'), recap_turns (narrated turns it covers),
 *    recap_edited (0/1: the player edited it), recap_updated_at, story_cards (JSON StoryCard[]:
 *    a template's cards, copied into a game made from it), prompt_budget (tokens; null: the genre
 *    prompt's).
 * 4. genre_prompts.prompt_budget: tokens, default 6000.
 */

import { type Kysely, PostgresAdapter, sql } from "kysely";

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("story_facts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("game_id", "text", (c) => c.notNull().references("saved_games.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("pinned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("source_message_id", "text", (c) => c.references("chat_messages.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("story_facts_game_idx").on("story_facts").column("game_id").execute();
  await db.schema.createIndex("story_facts_source_idx").on("story_facts").column("source_message_id").execute();

  if (isPostgres(db)) {
    await sql`create index story_facts_search_idx on story_facts using gin (to_tsvector('italian', title || ' ' || text))`.execute(db);
  } else {
    await sql`create virtual table story_facts_fts using fts5(title, text, content='story_facts', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(db);
    await sql`create trigger story_facts_ai after insert on story_facts begin
      insert into story_facts_fts(rowid, title, text) values (new.rowid, new.title, new.text);
    end`.execute(db);
    await sql`create trigger story_facts_ad after delete on story_facts begin
      insert into story_facts_fts(story_facts_fts, rowid, title, text) values ('delete', old.rowid, old.title, old.text);
    end`.execute(db);
    await sql`create trigger story_facts_au after update of title, text on story_facts begin
      insert into story_facts_fts(story_facts_fts, rowid, title, text) values ('delete', old.rowid, old.title, old.text);
      insert into story_facts_fts(rowid, title, text) values (new.rowid, new.title, new.text);
    end`.execute(db);
  }

  for (const [column, type] of [
    ["recap", "text"],
    ["recap_updated_at", "text"],
    ["story_cards", "text"],
    ["prompt_budget", "integer"],
  ] as const) {
    await db.schema.alterTable("saved_games").addColumn(column, type).execute();
  }
  await db.schema.alterTable("saved_games").addColumn("recap_turns", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("saved_games").addColumn("recap_edited", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("genre_prompts").addColumn("prompt_budget", "integer", (c) => c.notNull().defaultTo(6000)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("genre_prompts").dropColumn("prompt_budget").execute();
  for (const column of ["recap", "recap_turns", "recap_edited", "recap_updated_at", "story_cards", "prompt_budget"]) {
    await db.schema.alterTable("saved_games").dropColumn(column).execute();
  }
  if (!isPostgres(db)) await sql`drop table story_facts_fts`.execute(db);
  await db.schema.dropTable("story_facts").execute();
}
