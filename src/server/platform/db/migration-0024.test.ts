/**
 * Migration 0024 (issue 36 findings 0, 8, 12) on a database that already holds a group story:
 * every message is kept with every column, chat_messages keeps its indexes, and afterwards
 * deleting a member's user row no longer deletes their messages (nor, through parent_id, every
 * message after them, the host's included): the rows stay, without the person. A shared story
 * gets its publisher (story_shares.shared_by). SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { DIALECTS, openMigrationTestDatabase } from "../../testing/harness";

describe.each(DIALECTS)("migration 0024 on %s", (dialect) => {
  it("keeps every message, and a deleted member's messages then stay in the host's story without them", async () => {
    const database = await openMigrationTestDatabase(dialect);
    const { handle, migrator } = database;
    try {
      expect((await migrator.migrateTo("0023_read_only_copies")).error).toBeUndefined();
      const { db } = handle;
      const at = "2026-12-01T10:00:00.000Z";
      const [host, friend] = [randomUUID(), randomUUID()];
      for (const [i, id] of [host, friend].entries()) {
        await db
          .insertInto("user")
          .values({ id: id!, name: "U", email: `u${i}@example.com`, emailVerified: dialect === "postgres" ? true : 1, image: null, createdAt: at, updatedAt: at, isAnonymous: null })
          .execute();
      }
      const gameId = randomUUID();
      await db.insertInto("saved_games").values({ id: gameId, user_id: host, title: "Insieme", genre: "Horror", is_template: 0, created_at: at, updated_at: at, play_mode: "turns", turn_user_id: host } as never).execute();
      // '/inizia' by the host, then friend and host in turn; each narration carries the sender's user_id.
      const turns: [string, "user" | "assistant", string][] = [
        [host!, "user", "/inizia"], [host!, "assistant", "Narrazione 1"],
        [friend!, "user", "Apro la porta"], [friend!, "assistant", "Narrazione 2"],
        [host!, "user", "Accendo la torcia"], [host!, "assistant", "Narrazione 3"],
      ];
      const ids = turns.map(() => randomUUID());
      for (const [i, [userId, role, content]] of turns.entries()) {
        await db
          .insertInto("chat_messages")
          .values({ id: ids[i]!, game_id: gameId, user_id: userId, author_id: role === "user" ? userId : null, role, content, image_url: null, created_at: at, parent_id: ids[i - 1] ?? null, depth: i, edited_at: null })
          .execute();
      }
      await db.updateTable("saved_games").set({ tip_message_id: ids.at(-1)! }).where("id", "=", gameId).execute();
      // A message whose author's account is long gone (author_id has no foreign key before 0024).
      const orphanAuthor = randomUUID();
      await db.updateTable("chat_messages").set({ author_id: orphanAuthor }).where("id", "=", ids[0]!).execute();
      const factId = randomUUID();
      await db
        .insertInto("story_facts")
        .values({ id: factId, game_id: gameId, kind: "luogo", title: "La porta", text: "Cigola.", pinned: 0, source: "narratore", source_message_id: ids[3]!, created_at: at, updated_at: at })
        .execute();
      await db.insertInto("story_shares").values({ id: "s".repeat(22), game_id: gameId, created_at: at, updated_at: at } as never).execute();
      const before = await db.selectFrom("chat_messages").selectAll().orderBy("depth").execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const after = await db.selectFrom("chat_messages").selectAll().orderBy("depth").execute();
      expect(after).toEqual(before.map((m) => (m.author_id === orphanAuthor ? { ...m, author_id: null } : m)));
      const indexes =
        dialect === "postgres"
          ? (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'chat_messages' and schemaname = current_schema() and indexname not like '%_pkey'`.execute(db)).rows
          : (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'chat_messages' and sql is not null`.execute(db)).rows;
      expect(indexes.map((r) => r.name).sort()).toEqual(
        ["chat_messages_author_idx", "chat_messages_game_idx", "chat_messages_image_url_idx", "chat_messages_parent_idx", "chat_messages_user_idx"],
      );
      expect((await db.selectFrom("story_shares").select("shared_by").executeTakeFirstOrThrow()).shared_by).toBe(host);

      // A raw delete of the member's user row (as Better Auth deletes a linked guest) keeps the story whole.
      await db.deleteFrom("user").where("id", "=", friend!).execute();
      const kept = await db.selectFrom("chat_messages").select(["id", "user_id", "author_id", "content"]).orderBy("depth").execute();
      expect(kept.map((m) => m.id)).toEqual(ids);
      expect(kept.filter((m) => m.content === "Apro la porta" || m.content === "Narrazione 2").map((m) => [m.user_id, m.author_id])).toEqual([
        [null, null],
        [null, null],
      ]);
      expect((await db.selectFrom("story_facts").select("source_message_id").where("id", "=", factId).executeTakeFirstOrThrow()).source_message_id).toBe(ids[3]);
      // Deleting a message still takes its subtree (story tree, ADR 0008), and the game still takes its messages.
      await db.deleteFrom("chat_messages").where("id", "=", ids[4]!).execute();
      expect(await db.selectFrom("chat_messages").select("id").orderBy("depth").execute()).toEqual(ids.slice(0, 4).map((id) => ({ id })));
      await db.deleteFrom("saved_games").where("id", "=", gameId).execute();
      expect(await db.selectFrom("chat_messages").select("id").execute()).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
