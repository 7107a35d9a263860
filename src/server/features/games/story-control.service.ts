/**
 * The player owns the story (issue 11 §2; docs/decisions/0008-story-tree.md): moving the tip
 * ('Riprendi da qui', the swipe ‹ 2/3 ›, the map), 'Annulla' and 'Modifica' in place. These
 * operations only move the tip or change a text: nothing is deleted and no quota is taken.
 * 'Rigenera' and "re-narrate from here" are turns (turn.service.ts). Authorisation lives in the
 * queries (findOwnedGame, findGameMessage, setTip filter on the owner). What an edit or a move of
 * the tip shows the public of a listed story is screened (issue 36 finding 7, moderation/screening.ts).
 */

import type { Kysely } from "kysely";
import type { GameView, MessageView } from "../../../shared/api-types";
import { MAX_MESSAGE_LENGTH } from "../../../shared/commands";
import { editMessageSchema } from "../../../shared/schemas/game";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { latestLeaf, latestPlayerMessage } from "../../domain/story/story-tree";
import { parseInput } from "../../platform/validation";
import { storyTexts } from "../moderation/content";
import type { NoticeDeps } from "../moderation/notices";
import { screenStoredStoryChange, screenStoryChange } from "../moderation/screening";
import { findGameMessage, findOwnedGame, getGameView, toMessageView } from "./games.service";

type Db = Kysely<Database>;

/** Points one of the user's games at a new tip (null: before the first message). */
async function setTip(db: Db, userId: string, gameId: string, tipId: string | null): Promise<void> {
  await db.updateTable("saved_games").set({ tip_message_id: tipId }).where("id", "=", gameId).where("user_id", "=", userId).where("is_template", "=", 0).execute();
}

/**
 * Moves the tip of the story (PUT /api/games/:id/tip; ADR 0008). Any message of the game may be
 * chosen, on any branch. Input: the owner, the game, the message and the mode: 'here' (the tip
 * becomes that message: 'Riprendi da qui'; a player's message left at the tip can be answered
 * with 'Riprova') or 'latest' (the newest end of the branch below it, following the most
 * recently created child at each level: switching to another version ‹ 2/3 ›, opening a node of
 * the map). The path the tip now ends, a branch that may never have been public, is screened when
 * the story is listed (issue 36 finding 7). Input: deps (db, screening's env, bus, mailer, log).
 * Output: the game as the player now sees it.
 * Throws 404 GAME_NOT_FOUND, 404 MESSAGE_NOT_FOUND.
 */
export async function moveTip(deps: NoticeDeps, userId: string, gameId: string, to: { messageId: string; mode: "here" | "latest" }): Promise<GameView> {
  const { db } = deps;
  const game = await findOwnedGame(db, userId, gameId);
  const message = await findGameMessage(db, userId, game.id, to.messageId);
  await setTip(db, userId, game.id, to.mode === "latest" ? await latestLeaf(db, game.id, message.id) : message.id);
  await screenStoredStoryChange(deps, game.id, () => storyTexts(db, game.id));
  return getGameView(db, userId, game.id);
}

/**
 * 'Annulla' (POST /api/games/:id/undo; issue 11 §2): the tip moves to the parent of the latest
 * player's message on the current path, so that message and what answers it stay in the tree as
 * a hidden branch (restorable with {@link moveTip}). The spent message is not given back. Undoing
 * '/inizia' leaves the game not started (GameView.started, GAME_NOT_STARTED for free text).
 * Output: the game as the player now sees it.
 * Throws 404 GAME_NOT_FOUND, 409 NOTHING_TO_UNDO (no player's message on the current path).
 */
export async function undoTurn(db: Db, userId: string, gameId: string): Promise<GameView> {
  const game = await findOwnedGame(db, userId, gameId);
  const undone = await latestPlayerMessage(db, game.id, game.tip_message_id);
  if (!undone) throw AppError.of("NOTHING_TO_UNDO", 409);
  await setTip(db, userId, game.id, undone.parent_id);
  return getGameView(db, userId, game.id);
}

/**
 * 'Modifica' in place (PATCH /api/games/:id/messages/:messageId; issue 11 §2): replaces the text
 * of a player's message or of a narration, on any branch, and marks it edited. Input: the owner,
 * the game, the message and the body already parsed with editMessageSchema(MAX_NARRATION_LENGTH);
 * a player's message is held to MAX_MESSAGE_LENGTH here. No quota. In a listed story the new
 * text is screened first and the story held in the same transaction when flagged (issue 36
 * finding 7: the edit is kept, the public never sees it). Input: deps (db, screening's env, bus,
 * mailer, log). Output: the edited message (edited: true).
 * Throws 404 GAME_NOT_FOUND, 404 MESSAGE_NOT_FOUND, 409 MESSAGE_NOT_EDITABLE (a picture),
 * 400 VALIDATION ('Il testo può contenere al massimo 2000 caratteri.').
 */
export async function editMessage(deps: NoticeDeps, userId: string, gameId: string, messageId: string, input: { content: string }): Promise<MessageView> {
  const { db } = deps;
  const game = await findOwnedGame(db, userId, gameId);
  const message = await findGameMessage(db, userId, game.id, messageId);
  if (message.image_url !== null) throw AppError.of("MESSAGE_NOT_EDITABLE", 409);
  const { content } = message.role === "user" ? parseInput(editMessageSchema(MAX_MESSAGE_LENGTH), input) : input;
  const screening = await screenStoryChange(deps, game.id, () => [content]);
  const editedAt = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("chat_messages").set({ content, edited_at: editedAt }).where("id", "=", message.id).where("game_id", "=", game.id).execute();
    await screening.hold(trx);
  });
  await screening.announce();
  return toMessageView({ ...message, content, edited_at: editedAt });
}
