/**
 * The copy a player keeps on leaving a group story (issue 24 "Gioca insieme": "a player who leaves
 * keeps a read-only copy in /profilo"; ADR 0019). The copy is a solo game of the player's, marked
 * read_only, holding the story as it stood when they left: the current path (not the branches the
 * group left behind), 'La storia finora' and the memory's facts. Its owner reads, exports and
 * deletes it; {@link refuseWritesToCopies} turns every other write away.
 */

import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Insertable, Transaction } from "kysely";
import { nowIso } from "../../platform/clock";
import type { AppEnv } from "../../domain/context";
import type { ChatMessagesTable, Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { SAFE_METHODS } from "../http/origins";
import { currentPath } from "../../domain/story/story-tree";
import { isStorableId } from "../../platform/validation";

/** Rows per INSERT: nine columns each stays far below SQLite's 32,766 bound parameters. */
const COPY_BATCH = 500;

/**
 * Makes `userId`'s read-only copy of the group story `gameId`, in the caller's transaction (the
 * one that removes the player, so a copy exists exactly when they have left). A copy the player
 * kept of the same story before (they joined again, then left again) is replaced: one copy per
 * story and player, however often they come and go.
 * A story with no turn yet has nothing to reread: no copy is made (a copy kept before stays).
 * Input: the transaction, the story's id and the leaving player's id. Throws when the story is
 * not in the database (the caller has locked it).
 */
export async function copyForLeavingPlayer(trx: Transaction<Database>, gameId: string, userId: string): Promise<void> {
  const game = await trx.selectFrom("saved_games").selectAll().where("id", "=", gameId).executeTakeFirstOrThrow();
  const path = await currentPath(trx, gameId, game.tip_message_id);
  if (path.length === 0) return;
  await trx.deleteFrom("saved_games").where("user_id", "=", userId).where("copied_from", "=", gameId).where("read_only", "=", 1).execute();
  const copyId = randomUUID();
  const now = nowIso();
  const ids = new Map(path.map((m) => [m.id, randomUUID()]));
  const { id: _id, plays: _plays, likes_count: _likes, moderation_state: _state, ...story } = game;
  await trx
    .insertInto("saved_games")
    .values({
      ...story,
      id: copyId,
      user_id: userId,
      tip_message_id: ids.get(path.at(-1)!.id)!,
      play_mode: "solo",
      turn_user_id: null,
      vote_tip_id: null,
      vote_deadline: null,
      read_only: 1,
      copied_from: gameId,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const messages: Insertable<ChatMessagesTable>[] = path.map((m, depth) => ({
    id: ids.get(m.id)!,
    game_id: copyId,
    user_id: userId,
    role: m.role,
    content: m.content,
    image_url: m.image_url,
    created_at: m.created_at,
    parent_id: m.parent_id === null ? null : ids.get(m.parent_id)!,
    depth,
    edited_at: m.edited_at,
    author_id: m.author_id,
  }));
  for (let at = 0; at < messages.length; at += COPY_BATCH) {
    await trx.insertInto("chat_messages").values(messages.slice(at, at + COPY_BATCH)).execute();
  }
  const facts = await trx.selectFrom("story_facts").selectAll().where("game_id", "=", gameId).execute();
  if (facts.length > 0) {
    await trx
      .insertInto("story_facts")
      .values(facts.map((f) => ({ ...f, id: randomUUID(), game_id: copyId, source_message_id: f.source_message_id === null ? null : (ids.get(f.source_message_id) ?? null) })))
      .execute();
  }
}

/**
 * Middleware on /api/games/:id/{anything} (not /api/games/:id itself, whose DELETE is the copy's
 * 'Elimina', spec §2 Profile): a state-changing request (any method but GET, HEAD, OPTIONS) on
 * the caller's read-only copy answers 403 READ_ONLY_COPY before any route runs. The id is the
 * router's own parameter; the flag is read in one primary-key query on the caller's own games (a
 * copy belongs to one player and never changes), so anything else goes on to the route, which
 * answers as before (404, 401…).
 */
export const refuseWritesToCopies: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.var.user;
  const gameId = c.req.param("id");
  if (user && gameId && isStorableId(gameId) && !SAFE_METHODS.has(c.req.method)) {
    const copy = await c.var.deps.db
      .selectFrom("saved_games")
      .select("id")
      .where("id", "=", gameId)
      .where("user_id", "=", user.id)
      .where("read_only", "=", 1)
      .executeTakeFirst();
    if (copy) throw AppError.of("READ_ONLY_COPY", 403);
  }
  await next();
};
