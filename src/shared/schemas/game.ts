/** Game chat inputs (spec §5: empty or whitespace-only messages cannot be sent). */

import { z } from "zod";
import { MAX_MESSAGE_LENGTH } from "../commands";
import { resolveGenre } from "../genres";

export const createGameSchema = z.object({
  // Unknown genres fall back to Fantasy (spec §3); a missing one is refused (spec §5).
  genre: z.string({ message: "Seleziona un genere" }).trim().transform(resolveGenre),
});

export const sendMessageSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, "Scrivi un messaggio prima di inviare.")
    .max(MAX_MESSAGE_LENGTH, `Il messaggio può contenere al massimo ${MAX_MESSAGE_LENGTH} caratteri.`),
});

/**
 * Longest narration a player may write when editing one ('Modifica', issue 11 §2), in characters.
 * Issue 19 finding 5: edits cost nothing, so this bounds what one story can weigh on the reading
 * page and in an export (ADR 0018). Narrations stored before are kept whole; an edit longer than
 * this is refused with the text left as it was.
 */
export const MAX_NARRATION_LENGTH = 8_000;

/**
 * 'Modifica' (issue 11 §2): PATCH /api/games/:id/messages/:messageId {content}. The limit is the
 * player's message limit for their own messages and MAX_NARRATION_LENGTH for a narration; the
 * server applies the one that fits the message, the web the one of the message being edited.
 */
export const editMessageSchema = (maxLength: number) =>
  z.object({
    content: z
      .string()
      .trim()
      .min(1, "Il testo non può essere vuoto.")
      .max(maxLength, `Il testo può contenere al massimo ${maxLength} caratteri.`),
  });

/**
 * Moving the tip of the story (issue 11 §2, ADR 0008): PUT /api/games/:id/tip {messageId, mode}.
 * 'here': the story continues from that message ('Riprendi da qui'); 'latest': from the newest
 * end of the branch below it (switching to another version of a narration, ‹ 2/3 ›).
 */
export const moveTipSchema = z.object({
  messageId: z.string().trim().min(1).max(64),
  mode: z.enum(["here", "latest"]).default("here"),
});

/**
 * The page before a message (issue 11 §5): GET /api/games/:id/messages?before=<olderCursor>.
 * The cursor is a message id the server gave in GameView or MessagePageView.
 */
export const olderMessagesSchema = z.object({
  before: z.string({ message: "Indica da quale messaggio caricare i turni precedenti." }).trim().min(1, "Indica da quale messaggio caricare i turni precedenti.").max(64, "Cursore non valido."),
});
