/**
 * A player's own game row (spec §3 saved_games), written by every way a game starts: a genre
 * (/gioco), a template copy and /crea-gioco.
 */

import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import { nowIso } from "../platform/clock";
import type { Database, SavedGamesTable } from "../platform/db/schema";

/** Title, genre and the story's own configuration; a column left out is null (the genre prompt's applies). */
export type PlayerGameColumns = Omit<
  Insertable<SavedGamesTable>,
  "id" | "user_id" | "is_template" | "plays" | "likes_count" | "progress" | "last_played" | "created_at" | "updated_at"
>;

/**
 * Inserts a game owned by `userId` (is_template 0, progress 0, last played now). `db` may be a
 * transaction. Input: the columns, and the id when the caller needs it beforehand.
 * Output: the game id.
 */
export async function insertPlayerGame(db: Kysely<Database>, userId: string, columns: PlayerGameColumns, id: string = randomUUID()): Promise<string> {
  const now = nowIso();
  await db
    .insertInto("saved_games")
    .values({ ...columns, id, user_id: userId, is_template: 0, progress: 0, last_played: now, created_at: now, updated_at: now })
    .execute();
  return id;
}
