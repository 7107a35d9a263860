/**
 * Migration 0025 (issue 36, policies/account-rows.ts): on a database holding a story (a tree of
 * messages) and a template, chat_messages.user_id and saved_games.user_id stop cascading: every
 * row and index survives the rebuild (SQLite) or the new constraint (PostgreSQL), deleting the
 * user row then leaves the story and the template with no owner instead of deleting them, and the
 * migration goes down and up again. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DIALECTS, openMigrationTestDatabase } from "../../testing/harness";

describe.each(DIALECTS)("migration 0025 on %s", (dialect) => {
  it("keeps every row and index, and a deleted user row no longer takes the stories and templates", async () => {
    const database = await openMigrationTestDatabase(dialect);
    const { handle, migrator } = database;
    try {
      expect((await migrator.migrateTo("0024_membership_ledger")).error).toBeUndefined();
      const { db } = handle;
      const now = new Date().toISOString();
      const userId = randomUUID();
      const [gameId, templateId] = [randomUUID(), randomUUID()];
      await db.insertInto("user").values({ id: userId, name: "x", email: `${userId}@example.com`, emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: now, updatedAt: now, isAnonymous: null } as never).execute();
      await db.insertInto("saved_games").values([
        { id: gameId, user_id: userId, title: "Storia", genre: "Horror", is_template: 0, created_at: now, updated_at: now },
        { id: templateId, user_id: userId, title: "Modello", genre: "Horror", is_template: 1, created_at: now, updated_at: now },
      ] as never).execute();
      const messages = ["m-1", "m-2", "m-3"].map((id, depth) => ({ id, game_id: gameId, user_id: userId, role: depth % 2 ? "assistant" : "user", content: id, created_at: now, parent_id: depth ? `m-${depth}` : null, depth }));
      await db.insertInto("chat_messages").values(messages as never).execute();
      await db.updateTable("saved_games").set({ tip_message_id: "m-3" }).where("id", "=", gameId).execute();
      const indexes = async () =>
        dialect === "sqlite"
          ? (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name in ('chat_messages', 'saved_games') and sql is not null order by name`.execute(db)).rows.map((r) => r.name)
          : (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = ${database.schema} and tablename in ('chat_messages', 'saved_games') order by indexname`.execute(db)).rows.map((r) => r.name);
      const indexesBefore = await indexes();
      expect(indexesBefore).toContain("chat_messages_parent_idx");

      expect((await migrator.migrateTo("0025_user_keys_keep_others_rows")).error).toBeUndefined();
      expect(await indexes()).toEqual(indexesBefore);
      expect(await db.selectFrom("chat_messages").select(["id", "parent_id", "depth"]).orderBy("depth").execute()).toEqual(messages.map(({ id, parent_id, depth }) => ({ id, parent_id, depth })));
      // The other keys still hold: a message's story must exist.
      await expect(db.insertInto("chat_messages").values({ ...messages[0]!, id: "m-x", game_id: "missing" } as never).execute()).rejects.toThrow();

      await db.deleteFrom("user").where("id", "=", userId).execute();
      expect(await db.selectFrom("saved_games").select(["id", "user_id", "tip_message_id"]).orderBy("is_template").execute()).toEqual([
        { id: gameId, user_id: null, tip_message_id: "m-3" },
        { id: templateId, user_id: null, tip_message_id: null },
      ]);
      expect((await db.selectFrom("chat_messages").select("user_id").execute()).map((m) => m.user_id)).toEqual([null, null, null]);

      expect((await migrator.migrateTo("0024_membership_ledger")).error).toBeUndefined();
      expect((await migrator.migrateTo("0025_user_keys_keep_others_rows")).error).toBeUndefined();
      expect(await indexes()).toEqual(indexesBefore);
    } finally {
      await database.close();
    }
  });
});
