/**
 * Player commands of the game chat (spec §2 Game chat, DESIGN §4): the server interprets
 * them, the buttons only send their text.
 */

export type ChoiceLetter = "A" | "B" | "C";

export type PlayerAction =
  | { kind: "start" }
  | { kind: "choice"; letter: ChoiceLetter }
  | { kind: "new" }
  | { kind: "visualize" }
  | { kind: "continue" }
  | { kind: "free"; text: string };

/**
 * 'Continua' (issue 38 §4): the narrator goes on from where it stopped, without a choice. Sent as
 * this command (typed or the button) and stored as the player's message of the turn, so the story
 * keeps alternating player's message / narration; the game page shows it as a small marker.
 */
export const CONTINUE_COMMAND = "/continua";

/** Text sent by the '/nuovo' button (spec §2). */
export const NEW_GAME_TEXT = "Voglio iniziare un nuovo gioco";

/**
 * Messages a '/visualizza' costs (spec §2 '/visualizza (2 token)', §9): the server refuses it with
 * fewer left today, and the chat's button is disabled with the reason.
 */
export const VISUALIZE_MESSAGE_COST = 2;

/** Longest message a player may send, in characters. */
export const MAX_MESSAGE_LENGTH = 2000;

/**
 * Classifies what the player sent.
 * Input: the raw message (any string). Output: the action the narrator must answer.
 * '/inizia' → start; '/A', 'A', 'a)', '/b' … → choice; '/nuovo' or the '/nuovo' button text → new;
 * '/visualizza' → visualize; '/continua' → continue (issue 38 §4); anything else → free text (trimmed).
 */
export function parsePlayerAction(content: string): PlayerAction {
  const text = content.trim();
  const lower = text.toLowerCase();
  if (lower === "/inizia") return { kind: "start" };
  if (lower === "/nuovo" || lower === NEW_GAME_TEXT.toLowerCase()) return { kind: "new" };
  if (lower === "/visualizza") return { kind: "visualize" };
  if (lower === CONTINUE_COMMAND) return { kind: "continue" };
  const choice = /^\/?([abc])[).:]?$/i.exec(text);
  if (choice) return { kind: "choice", letter: choice[1]!.toUpperCase() as ChoiceLetter };
  return { kind: "free", text };
}
