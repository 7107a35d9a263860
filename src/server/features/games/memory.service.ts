/**
 * The player's view of the narrator's memory (issue 11 §1; ADR 0009): 'La storia finora', the
 * facts of 'Ricordi', the game's story cards and the next prompt by sections ('Cosa ricorda il
 * narratore'). Reads are for the owner or a member of the story (findReadableGame, issue 24), the
 * recap's edit for the owner (findOwnedGame): 404 GAME_NOT_FOUND 'Partita non trovata o non
 * autorizzata.' for anyone else.
 */

import type { Kysely } from "kysely";
import type { MemoryView, PromptPreviewView, RecapView } from "../../../shared/api-types";
import { phaseFor } from "../../domain/ai/progress";
import { isAdmin } from "../../domain/auth/roles";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { parseStoryCards } from "../../domain/memory/cards";
import { buildNarrationContext } from "../../domain/memory/context";
import { gameFacts, toFactView } from "../../domain/memory/fact-store";
import { findOwnedGame, findReadableGame, narratorConfigFor } from "./games.service";

type Db = Kysely<Database>;

/** The recap columns of a game as the API shows them (null: no recap). */
function toRecapView(row: { recap: string | null; recap_edited: number; recap_turns: number; recap_updated_at: string | null }): RecapView | null {
  if (!row.recap) return null;
  return { text: row.recap, editedByPlayer: row.recap_edited === 1, coversTurns: row.recap_turns, updatedAt: row.recap_updated_at ?? "" };
}

/** GET /api/games/:id/memory → {@link MemoryView} (facts: pinned first, then by title). Throws 404 GAME_NOT_FOUND. */
export async function getMemoryView(db: Db, userId: string, gameId: string): Promise<MemoryView> {
  const game = await findReadableGame(db, userId, gameId);
  const [row, facts] = await Promise.all([
    db.selectFrom("saved_games").select(["recap", "recap_edited", "recap_turns", "recap_updated_at", "story_cards"]).where("id", "=", game.id).executeTakeFirstOrThrow(),
    gameFacts(db, game.id),
  ]);
  return { recap: toRecapView(row), facts: facts.map(toFactView), cards: parseStoryCards(row.story_cards) };
}

/**
 * PUT /api/games/:id/memory/recap {text}: the player's recap; later updates keep it and append
 * (recap.ts). An empty text clears the recap (and the mark, so it is written again from the
 * story). Output: the recap, or null once cleared. Throws 404 GAME_NOT_FOUND.
 */
export async function setPlayerRecap(db: Db, userId: string, gameId: string, text: string): Promise<RecapView | null> {
  const game = await findOwnedGame(db, userId, gameId);
  const now = nowIso();
  // Cleared: recap_turns 0, so the next update summarises the story from its start.
  const changes = text === "" ? { recap: null, recap_edited: 0, recap_turns: 0, recap_updated_at: now } : { recap: text, recap_edited: 1, recap_updated_at: now };
  await db.updateTable("saved_games").set(changes).where("id", "=", game.id).execute();
  const row = await db.selectFrom("saved_games").select(["recap", "recap_edited", "recap_turns", "recap_updated_at"]).where("id", "=", game.id).executeTakeFirstOrThrow();
  return toRecapView(row);
}

/**
 * GET /api/games/:id/memory/prompt: the prompt the narrator would receive now (the path up to the
 * tip), by sections with token counts; the system prompt's text only for an admin.
 * Output: {@link PromptPreviewView}. Throws 404 GAME_NOT_FOUND.
 */
export async function previewPrompt(db: Db, userId: string, gameId: string): Promise<PromptPreviewView> {
  const game = await findReadableGame(db, userId, gameId);
  const [config, admin] = await Promise.all([narratorConfigFor(db, game), isAdmin(db, userId)]);
  const context = await buildNarrationContext(db, game.id, game.tip_message_id, config, phaseFor(game.progress, config.story_pacing, false), { showSystem: admin });
  return context.preview;
}
