/**
 * The story's style (issue 38 §4 "Player controls"): 'Lunghezza' and 'Creatività', set by the
 * story's owner (the host of a group story: the owner rule of policies/membership.ts, in the
 * query) from the game's menu. What they send to the provider: domain/ai/story-style.ts.
 */

import type { Kysely } from "kysely";
import type { StoryStyle } from "../../../shared/story-style";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { findOwnedGame } from "./games.service";

/**
 * PUT /api/games/:id/style {length, creativity}. Input: the caller, the game id and a style
 * already parsed by storyStyleSchema. Output: the stored style; the next turn (and the memory
 * viewer's prompt) uses it. Throws 404 GAME_NOT_FOUND ('Partita non trovata o non autorizzata.')
 * for a story the caller does not own, a member of a group story included.
 */
export async function setStoryStyle(db: Kysely<Database>, userId: string, gameId: string, style: StoryStyle): Promise<StoryStyle> {
  const game = await findOwnedGame(db, userId, gameId, "owner");
  await db.updateTable("saved_games").set({ story_length: style.length, story_creativity: style.creativity, updated_at: nowIso() }).where("id", "=", game.id).execute();
  return style;
}
