/**
 * The offline storyteller (DESIGN §2 "no provider configured"): a built-in narrator that writes
 * Italian narration in the genre's voice, with three numbered choices at the end of every turn,
 * so that a fresh install is playable without an AI key and without network.
 *
 * Every turn is composed from pieces of the genre's corpus (corpus/<genre>.ts) chosen with a
 * seeded generator, so the same (game, turn, action) always gives the same text, while
 * consecutive turns of a game never reuse the same scene fragments.
 */

import { setTimeout as sleep } from "node:timers/promises";
import { extractChoices } from "../../../../shared/choices";
import type { PlayerAction } from "../../../../shared/commands";
import type { GenreName } from "../../../../shared/genres";
import type { ChatTurn, NarrationRequest, Narrator, StoryPhase } from "../types";
import { castFor } from "./cast";
import { CORPORA } from "./corpus";
import {
  CHOICE_INTROS,
  CHOICE_INTROS_LITERAL,
  CHOICE_INTROS_MISSING,
  CLIMAX_CHOICES,
  CLOSINGS,
  ENDING_CHOICES,
  FREE_ACKS,
  FREE_INTROS,
  HOOKS,
  NEW_STORY_LINES,
} from "./corpus";
import type { ArcPhase } from "./corpus";
import { nounPhraseOf } from "./nouns";
import { CONTINUE_INTROS } from "./continue-intros";
import { createRng } from "./rng";
import { capitalize, renderTemplate, type Cast } from "./template";

export interface OfflineNarratorOptions {
  /** Pause between two streamed chunks, in milliseconds; 0 streams without waiting. */
  wordDelayMs: number;
}

/** What the composer needs from a narration request. */
export type CompositionInput = Pick<NarrationRequest, "gameId" | "genre" | "turn" | "variant" | "action" | "phase" | "messages" | "premise">;

/**
 * How far apart the corpus slots of two versions of one turn are: a prime larger than any pool,
 * so version v+1 never lands on the slots of version v.
 */
const VARIANT_STRIDE = 7919;

export interface ComposedTurn {
  /** The complete narration: paragraphs, a blank line, then '1. …', '2. …', '3. …'. */
  text: string;
  /** Identifiers of the corpus pieces used ("fragment:12", "opening:3", "choice:7", …). */
  pieces: string[];
  /** The three choices, as written after their numbers. */
  choices: [string, string, string];
  cast: Cast;
}

/** The short arc consecutive turns follow (issue 38 §3): the opening sets up, then complication, turn, setup… */
const ARC: readonly ArcPhase[] = ["setup", "complication", "turn"];

/** Longest quotation of the player's free text, in characters. */
const MAX_QUOTE = 160;

/** A game-level order of a pool: the same for every turn of the game, different between games. */
function gameOrder(gameId: string, genre: GenreName, pool: string, size: number): number[] {
  return createRng(`order|${genre}|${pool}|${gameId}`).shuffle(Array.from({ length: size }, (_, i) => i));
}

/** Picks the piece at a slot of the game's order of a pool; records its id. */
function take(
  input: CompositionInput,
  name: string,
  pool: readonly string[],
  slot: number,
  used: string[],
): string {
  const order = gameOrder(input.gameId, input.genre, name, pool.length);
  const index = order[slot % pool.length]!;
  used.push(`${name}:${index}`);
  return pool[index]!;
}

function lastAssistantMessage(messages: readonly ChatTurn[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === "assistant") return messages[i]!.content;
  }
  return undefined;
}

const INFINITIVE = /^[a-zàèéìòù]+(?:are|ere|ire|rre|(?:ar|er|ir|rr)(?:mi|ti|si|ci|vi|lo|la|li|le|ne|gli|gliel[oaie]))$/i;

/** Cleans a quoted move: one line, no markup characters, bounded length, no final stop. */
function cleanMove(text: string): string {
  let out = text.replace(/[<>*_`#]/g, "").replace(/\s+/g, " ").trim();
  if (out.length > MAX_QUOTE) {
    const cut = out.slice(0, MAX_QUOTE);
    out = `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 40))}…`;
  }
  return out.replace(/[.!;:,]+$/u, "").trim();
}

/** Euphonic d: "e Emilio" → "ed Emilio", "a Anna" → "ad Anna" (names come from slots). */
function euphony(text: string): string {
  return text.replace(/(^|[\s(«])e (?=\*{0,2}[Ee])/gu, "$1ed ").replace(/(^|[\s(«])a (?=\*{0,2}[Aa])/gu, "$1ad ");
}

/**
 * Sentence case: a slot value (e.g. "don Filippo") that opens a paragraph or follows a full stop,
 * "!" or "?" gets a capital. An ellipsis ("...") is left alone.
 */
function sentenceCase(text: string): string {
  return text.replace(/(^(?:\*\*)?|[^.][.!?]\s+(?:\*\*)?)(\p{Ll})/gu, (_m, before: string, letter: string) => before + letter.toUpperCase());
}

/** Turns the chosen option into the consequence's opening sentence ('Continua': the story moves on by itself). */
function introduceMove(action: PlayerAction, input: CompositionInput, rng: ReturnType<typeof createRng>): string {
  if (action.kind === "continue") return rng.pick(CONTINUE_INTROS);
  if (action.kind === "choice") {
    const previous = lastAssistantMessage(input.messages);
    const option = previous ? extractChoices(previous)[action.letter] : undefined;
    const move = option ? cleanMove(option) : "";
    if (!move) return rng.pick(CHOICE_INTROS_MISSING).replace("{lettera}", action.letter);
    const firstWord = move.split(" ")[0] ?? "";
    if (INFINITIVE.test(firstWord)) {
      const lowered = firstWord.toLowerCase() + move.slice(firstWord.length);
      return rng.pick(CHOICE_INTROS).replace("{azione}", lowered);
    }
    return rng.pick(CHOICE_INTROS_LITERAL).replace("{azione}", move);
  }
  const text = action.kind === "free" ? cleanMove(action.text) : "";
  return rng.pick(FREE_INTROS).replace("{azione}", capitalize(text || "Resto in attesa"));
}

function normaliseAction(action: PlayerAction): PlayerAction {
  if (action.kind === "visualize") return { kind: "free", text: "Osservo la scena con attenzione" };
  return action;
}

function actionKey(action: PlayerAction): string {
  switch (action.kind) {
    case "choice":
      return `choice:${action.letter}`;
    case "free":
      return `free:${action.text}`;
    default:
      return action.kind;
  }
}

/**
 * Composes one narrated turn of the offline storyteller.
 * Input: the game id, genre, turn number (assistant turns so far), the parsed player action,
 * the story phase, the history window (the previous assistant message is searched for the
 * chosen option) and the story's premise (its named person is the companion, cast.ts).
 * Output: a {@link ComposedTurn}: 2–4 short Italian paragraphs followed by exactly three lines
 * '1. …', '2. …', '3. …' and nothing after them. Deterministic for the same input; the scenes of
 * consecutive turns follow the arc setup → complication → turn (the opening is a setup), a free-text
 * move is taken up by the first noun it names (issue 38 §3); turn t and t+1 of a game never share a scene, an opening, a climax, an ending or a choice, and
 * another version of a turn (`variant`, 'Rigenera') takes other slots of the corpus.
 * Errors: none for valid requests (an unknown genre falls back to Fantasy).
 * Spec §2 Game chat (choices reformatted as A/B/C by the web).
 */
export function composeNarration(input: CompositionInput): ComposedTurn {
  const genre: GenreName = CORPORA[input.genre] ? input.genre : "Fantasy";
  const req: CompositionInput = { ...input, genre };
  const corpus = CORPORA[genre];
  const cast = castFor(req.gameId, genre, req.premise);
  const variant = req.variant && Number.isFinite(req.variant) ? Math.max(0, Math.floor(req.variant)) : 0;
  const storyTurn = Number.isFinite(req.turn) ? Math.max(0, Math.floor(req.turn)) : 0;
  const turn = storyTurn + variant * VARIANT_STRIDE;
  const action = normaliseAction(req.action);
  const phase: StoryPhase = req.phase;
  const rng = createRng(`turn|${genre}|${req.gameId}|${turn}|${actionKey(action)}|${phase}`);
  const used: string[] = [];
  const fill = (template: string): string => renderTemplate(template, cast);
  // Scenes of this turn's arc phase: a story (re)starts with a setup, later turns go round the arc.
  const arc: ArcPhase = action.kind === "start" || action.kind === "new" ? "setup" : ARC[storyTurn % ARC.length]!;
  const scene = (slot: number): string => fill(take(req, `fragment-${arc}`, corpus.fragments[arc], slot, used));

  const paragraphs: string[] = [];
  let choiceTemplates: string[];
  const genreChoices = (count: number): string[] =>
    Array.from({ length: count }, (_, k) => take(req, "choice", corpus.choices, turn * 3 + k, used));

  if (action.kind === "start" || action.kind === "new") {
    if (action.kind === "new") paragraphs.push(rng.pick(NEW_STORY_LINES));
    paragraphs.push(fill(take(req, "opening", corpus.openings, turn, used)));
    paragraphs.push(`${scene(turn * 2)} ${rng.pick(HOOKS)}`);
    choiceTemplates = genreChoices(3);
  } else {
    const intro = introduceMove(action, req, rng);
    // A free-text move is taken up by the first thing it names ("la cassa").
    const noun = action.kind === "free" ? nounPhraseOf(action.text) : undefined;
    const acknowledgement = noun ? ` ${renderTemplate(rng.pick(FREE_ACKS), cast, { cosa: noun })}` : "";
    const outcome = fill(take(req, "outcome", corpus.outcomes, turn, used));
    paragraphs.push(`${intro}${acknowledgement} ${outcome}`);
    if (phase === "conclude") {
      paragraphs.push(fill(take(req, "ending", corpus.endings, turn, used)));
      paragraphs.push(rng.pick(CLOSINGS));
      choiceTemplates = Array.from({ length: 3 }, (_, k) => take(req, "ending-choice", ENDING_CHOICES, turn * 3 + k, used));
    } else if (phase === "approach-ending") {
      paragraphs.push(scene(turn * 2));
      paragraphs.push(`${fill(take(req, "climax", corpus.climaxes, turn, used))} ${rng.pick(HOOKS)}`);
      choiceTemplates = [...genreChoices(2), take(req, "climax-choice", CLIMAX_CHOICES, turn, used)];
    } else {
      paragraphs.push(scene(turn * 2));
      paragraphs.push(`${scene(turn * 2 + 1)} ${rng.pick(HOOKS)}`);
      choiceTemplates = genreChoices(3);
    }
  }

  const choices = choiceTemplates.map((t) => euphony(capitalize(fill(t)))) as [string, string, string];
  const text = `${paragraphs.map((p) => sentenceCase(euphony(p))).join("\n\n")}\n\n${choices.map((c, i) => `${i + 1}. ${c}`).join("\n")}`;
  return { text, pieces: used, choices, cast };
}

/**
 * Splits a text into streaming chunks: each chunk is a word plus the whitespace after it.
 * Input: any string. Output: chunks whose concatenation is the input. Never throws.
 */
export function splitIntoChunks(text: string): string[] {
  return text.match(/\s*\S+\s*/gu) ?? (text ? [text] : []);
}

/**
 * Creates the offline storyteller.
 * Input: `wordDelayMs`, the pause between streamed chunks in milliseconds (0 = no pause).
 * Output: a {@link Narrator} labelled 'offline' whose `stream(request)` yields the narration of
 * {@link composeNarration} one word (plus following whitespace) at a time; its narrations always
 * end with three choices, so `repairChoices` (issue 11 §3) is never needed after them, and when
 * asked it answers the three choices composeNarration writes for the same request.
 * Errors: none; when `request.signal` aborts the stream stops quietly, without throwing.
 * Spec §2 Game chat; DESIGN §2 (built-in offline storyteller when no provider is configured).
 */
export function createOfflineNarrator(options: OfflineNarratorOptions): Narrator {
  const delay = Math.max(0, options.wordDelayMs);
  return {
    label: "offline",
    async *stream(request: NarrationRequest): AsyncIterable<string> {
      const { signal } = request;
      if (signal.aborted) return;
      const { text } = composeNarration(request);
      const chunks = splitIntoChunks(text);
      for (let i = 0; i < chunks.length; i++) {
        if (signal.aborted) return;
        if (i > 0 && delay > 0) {
          try {
            await sleep(delay, undefined, { signal });
          } catch {
            return;
          }
        }
        if (signal.aborted) return;
        yield chunks[i]!;
      }
    },
    async repairChoices(request) {
      return composeNarration(request).choices;
    },
  };
}
