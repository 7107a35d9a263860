/**
 * 'La storia finora' (issue 11 §1; ADR 0009): the running summary of the current path before the
 * recent window (the last context_memory × 2 messages, which the prompt carries whole).
 *
 * The recap covers the first `recap_turns` exchanges (messages of depth < recap_turns × 2, ADR
 * 0008: a path alternates player's message and narration). After a narration is stored it is
 * carried on, in the background (background.ts), once RECAP_EVERY more exchanges have left the
 * window: with a provider by a short separate completion (falling back to the extractive text
 * when it fails), offline by the extractive summary (the first sentence of each narration and
 * the player's choices). A recap the player edited (recap_edited = 1) keeps their text: only what
 * came after is appended. When the path became shorter than the recap ('Annulla', another
 * branch), a recap the player did not edit is rebuilt from the path.
 */

import type { Kysely } from "kysely";
import { MAX_RECAP_LENGTH } from "../../../shared/schemas/memory";
import { historyWindow, toModelMessages } from "../ai/prompt";
import type { ChatTurn, NarratorMemory } from "../ai/types";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import type { SpendingPass } from "../policies/spending";
import { currentPath } from "../story/story-tree";
import { sentencesOf } from "./facts";

type Db = Kysely<Database>;

/** The provider's memory calls with the spending gate's pass for them (issue 36 finding 3). */
export interface PaidMemory {
  calls: NarratorMemory;
  pass: SpendingPass;
}

/** Exchanges that must leave the recent window before the recap is carried on. */
export const RECAP_EVERY = 4;

/** Longest piece one turn adds to an extractive recap, characters. */
const MAX_PIECE_LENGTH = 240;

/** Time a provider's recap may take, ms. */
const RECAP_TIMEOUT_MS = 30_000;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/**
 * The extractive summary of some turns: the first sentence of each narration and each choice of
 * the player ("Il giocatore: …"), one paragraph. Input: model turns (toModelMessages). Output: text.
 */
export function extractiveRecap(turns: readonly ChatTurn[]): string {
  return turns
    .map((t) => (t.role === "user" ? `Il giocatore: «${cut(t.content, MAX_PIECE_LENGTH)}».` : cut(sentencesOf(t.content)[0] ?? "", MAX_PIECE_LENGTH)))
    .filter((piece) => piece !== "")
    .join(" ");
}

/**
 * A recap within MAX_RECAP_LENGTH: when longer, its oldest sentences are dropped (the start is
 * cut, marked '…'). Input/output: text.
 */
export function boundedRecap(text: string): string {
  if (text.length <= MAX_RECAP_LENGTH) return text;
  const sentences = sentencesOf(text);
  while (sentences.length > 1 && `… ${sentences.join(" ")}`.length > MAX_RECAP_LENGTH) sentences.shift();
  return cut(`… ${sentences.join(" ")}`, MAX_RECAP_LENGTH);
}

/**
 * Carries the game's recap on after a narration (see the file's doc). Input: the game, the tip of
 * its current path (a stored message of the game: id and depth), context_memory, and the
 * provider's memory with its pass from the spending gate (undefined offline, or when the gate
 * skipped it). Output: true when the recap was written. Throws on database errors only (a
 * provider failure falls back to the extractive summary).
 */
export async function updateRecap(db: Db, gameId: string, tip: { id: string; depth: number }, contextMemory: number, memory: PaidMemory | undefined): Promise<boolean> {
  const window = historyWindow(contextMemory);
  if (window === undefined) return false; // context_memory 0: the prompt carries the whole story.
  const game = await db.selectFrom("saved_games").select(["recap", "recap_turns", "recap_edited"]).where("id", "=", gameId).executeTakeFirstOrThrow();
  const outside = Math.floor(Math.max(0, tip.depth + 1 - window) / 2);
  const edited = game.recap_edited === 1;
  const rebuild = outside < game.recap_turns && !edited;
  if (!rebuild && outside - game.recap_turns < RECAP_EVERY) return false;
  const from = rebuild ? 0 : game.recap_turns;
  const path = await currentPath(db, gameId, tip.id, tip.depth + 1 - from * 2);
  const turns = toModelMessages(path.filter((m) => m.depth >= from * 2 && m.depth < outside * 2));
  const previous = rebuild ? "" : (game.recap ?? "");
  const text = boundedRecap(await carriedOn(previous, turns, edited, memory));
  const now = nowIso();
  await db.updateTable("saved_games").set({ recap: text, recap_turns: outside, recap_updated_at: now }).where("id", "=", gameId).execute();
  return true;
}

/** The previous recap carried on with `turns`: the provider's text, else the extractive one. */
async function carriedOn(previous: string, turns: ChatTurn[], edited: boolean, memory: PaidMemory | undefined): Promise<string> {
  const append = (addition: string) => [previous, addition].filter((t) => t !== "").join("\n\n");
  if (memory) {
    try {
      // The player's text is kept as written: the provider summarises only the new turns.
      const written = await memory.calls.summarize(edited ? "" : previous, turns, AbortSignal.timeout(RECAP_TIMEOUT_MS));
      if (written) return edited ? append(written) : written;
    } catch {
      // Extractive summary below.
    }
  }
  return append(extractiveRecap(turns));
}
