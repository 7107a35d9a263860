/**
 * Migration 0010 (issue 11, ADR 0008) on a database that already holds stories: every game
 * becomes one path with no loss (each message follows the previous one by time, then id), its
 * tip is the last message, and a game without messages has no tip. SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { currentPath } from "../../domain/story/story-tree";
import { DIALECTS, openMigrationTestDatabase } from "../../testing/harness";

describe.each(DIALECTS)("migration 0010 on %s", (dialect) => {
  it("turns each existing story into one path ending at its tip", async () => {
    const database = await openMigrationTestDatabase(dialect);
    const { handle, migrator } = database;
    try {
      expect((await migrator.migrateTo("0009_two_factor")).error).toBeUndefined();
      const { db } = handle;
      const userId = randomUUID();
      const at = (minute: number) => `2026-11-0${1 + (minute % 2)}T10:${String(minute).padStart(2, "0")}:00.000Z`;
      await db
        .insertInto("user")
        .values({ id: userId, name: "U", email: "u@example.com", emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: at(0), updatedAt: at(0), isAnonymous: null })
        .execute();
      const games = [randomUUID(), randomUUID(), randomUUID()];
      for (const id of games) {
        await db
          .insertInto("saved_games")
          .values({ id, user_id: userId, title: "Storia", genre: "Horror", is_template: 0, created_at: at(0), updated_at: at(0), last_played: at(0) } as never)
          .execute();
      }
      // Game 0: messages inserted out of order, two sharing a timestamp (ordered by id then).
      const story = [
        { id: "m-3", created_at: "2026-11-01T10:03:00.000Z", role: "assistant", content: "Terza" },
        { id: "m-1", created_at: "2026-11-01T10:01:00.000Z", role: "user", content: "/inizia" },
        { id: "m-2b", created_at: "2026-11-01T10:02:00.000Z", role: "assistant", content: "Seconda bis" },
        { id: "m-2a", created_at: "2026-11-01T10:02:00.000Z", role: "user", content: "Seconda" },
      ];
      for (const m of story) {
        await db.insertInto("chat_messages" as never).values({ ...m, game_id: games[0], user_id: userId, image_url: null } as never).execute();
      }
      // Game 1: one message. Game 2: none.
      await db
        .insertInto("chat_messages" as never)
        .values({ id: "solo", game_id: games[1], user_id: userId, role: "assistant", content: "Unica", image_url: null, created_at: at(5) } as never)
        .execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const tips = await db.selectFrom("saved_games").select(["id", "tip_message_id"]).execute();
      const tipOf = (id: string) => tips.find((g) => g.id === id)!.tip_message_id;
      expect([tipOf(games[0]!), tipOf(games[1]!), tipOf(games[2]!)]).toEqual(["m-3", "solo", null]);

      const rows = await db.selectFrom("chat_messages").select(["id", "parent_id", "depth"]).where("game_id", "=", games[0]!).orderBy("depth").execute();
      expect(rows).toEqual([
        { id: "m-1", parent_id: null, depth: 0 },
        { id: "m-2a", parent_id: "m-1", depth: 1 },
        { id: "m-2b", parent_id: "m-2a", depth: 2 },
        { id: "m-3", parent_id: "m-2b", depth: 3 },
      ]);
      const path = await currentPath(db, games[0]!, "m-3");
      expect(path.map((m) => m.content)).toEqual(["/inizia", "Seconda", "Seconda bis", "Terza"]);
      expect((await currentPath(db, games[0]!, "m-3", 2)).map((m) => m.id)).toEqual(["m-2b", "m-3"]);
      expect(await currentPath(db, games[2]!, null)).toEqual([]);
      // A tip never reads another game's messages.
      expect(await currentPath(db, games[1]!, "m-3")).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
