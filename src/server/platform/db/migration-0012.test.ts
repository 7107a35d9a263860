/**
 * Migration 0012 (issue 11 §1, ADR 0009): on a database holding games, the memory columns start
 * empty with their defaults (genre prompts' budget 6,000), the full-text index follows inserts,
 * edits and deletes of facts (SQLite FTS5 triggers; PostgreSQL's expression index), and the
 * migration goes down and up again. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { relevantFacts } from "../../domain/memory/retrieval";
import { DIALECTS, openMigrationTestDatabase } from "../../testing/harness";

describe.each(DIALECTS)("migration 0012 on %s", (dialect) => {
  it("adds the memory with its defaults, keeps the search index in step with the facts, and goes down and up", async () => {
    const database = await openMigrationTestDatabase(dialect);
    const { handle, migrator } = database;
    try {
      expect((await migrator.migrateTo("0011_message_edits")).error).toBeUndefined();
      const { db } = handle;
      const gameId = randomUUID();
      const now = new Date().toISOString();
      await db.insertInto("saved_games").values({ id: gameId, user_id: null, title: "Storia", genre: "Horror", is_template: 0, created_at: now, updated_at: now, last_played: now } as never).execute();
      expect((await migrator.migrateTo("0012_story_memory")).error).toBeUndefined();

      expect(await db.selectFrom("saved_games").select(["recap", "recap_turns", "recap_edited", "story_cards", "prompt_budget"]).where("id", "=", gameId).executeTakeFirst()).toEqual({
        recap: null, recap_turns: 0, recap_edited: 0, story_cards: null, prompt_budget: null,
      });
      const fact = { game_id: gameId, kind: "personaggio" as const, source: "giocatore" as const, source_message_id: null, created_at: now, updated_at: now };
      await db.insertInto("story_facts").values([
        { ...fact, id: "f-1", title: "Elena", text: "Tua sorella ti aspetta al faro." },
        { ...fact, id: "f-2", title: "Bruno", text: "Il fabbro del villaggio." },
      ]).execute();
      const found = async (words: string) => (await relevantFacts(db, gameId, null, [words], 5)).map((f) => f.id);
      expect(await found("faro")).toEqual(["f-1"]);
      await db.updateTable("story_facts").set({ text: "Custode del mulino." }).where("id", "=", "f-1").execute();
      expect(await found("faro")).toEqual([]);
      expect(await found("mulino")).toEqual(["f-1"]);
      await db.deleteFrom("saved_games").where("id", "=", gameId).execute();
      expect(await db.selectFrom("story_facts").select("id").execute()).toEqual([]);
      expect(await found("fabbro")).toEqual([]);

      expect((await migrator.migrateTo("0011_message_edits")).error).toBeUndefined();
      expect((await migrator.migrateTo("0012_story_memory")).error).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
