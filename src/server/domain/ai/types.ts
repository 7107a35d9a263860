/**
 * Contracts of the narrator: what a chat turn hands to a text provider and what comes back.
 * The same request goes to the real OpenAI-compatible provider and to the offline storyteller.
 */

import type { PlayerAction } from "../../../shared/commands";
import type { GenreName } from "../../../shared/genres";
import type { FactKind } from "../../../shared/schemas/memory";

export interface ChatTurn {
  role: "user" | "assistant";
  content: string;
}

/** How close the story is to its end, derived from progress (see ai/progress.ts). */
export type StoryPhase = "opening" | "middle" | "approach-ending" | "conclude";

export interface NarrationRequest {
  /** Game id: the offline storyteller seeds its cast and choices with it. */
  gameId: string;
  genre: GenreName;
  /**
   * Position of this turn in the story: the narrations before it on the current path when
   * player's messages and narrations alternate (derived from the path depth), 0 for the first.
   */
  turn: number;
  /**
   * How many narrations already answer this player's message ('Rigenera', issue 11 §2): 0 for
   * the first version. The offline storyteller writes a different version for each.
   */
  variant?: number;
  /** What the player asked for in this turn, parsed from their message. */
  action: PlayerAction;
  phase: StoryPhase;
  /** Complete system prompt (genre or game configuration + rules). */
  system: string;
  /**
   * The story's own opening as the player read it: a 'Crea il tuo Gioco' premise or a template's
   * initial prompt; absent for a genre game. The offline storyteller takes its names (issue 38 §3).
   */
  premise?: string;
  /** History window, oldest first; the last item is the player's message as sent to the model. */
  messages: ChatTurn[];
  temperature: number;
  maxTokens: number;
  signal: AbortSignal;
  /**
   * Told when the provider failed before the first word and is about to be asked again
   * (issue 20 §1): the player then reads "Il narratore ci sta pensando…".
   */
  onRetry?: (notice: { delayMs: number; retry: number }) => void;
}

/** The texts of the three choices A, B, C of a narration, without markers (issue 11 §3). */
export type ThreeChoices = readonly [string, string, string];

/**
 * A choice repair (issue 11 §3): the turn's request, with the prose of a narration that ended
 * without exactly three choices, and a signal bounding the repair in time.
 */
export interface ChoiceRepairRequest extends NarrationRequest {
  /** The narration as stored, without its broken trailing choice block. */
  narration: string;
}

/** A fact the provider found in a narration (issue 11 §1 'Ricordi'). */
export interface ProviderFact {
  kind: FactKind;
  title: string;
  text: string;
}

/**
 * The provider's memory calls (issue 11 §1; src/server/domain/ai/provider-memory.ts), run in the
 * background after a narration is stored. Each throws on failure; callers ignore failures.
 */
export interface NarratorMemory {
  /**
   * Facts of one narration, as structured output (issue 38 §2): `known` are the names the story
   * already knows (the game's facts, most recent first), for the model to reuse.
   */
  extractFacts(narration: string, known: readonly string[], signal: AbortSignal): Promise<ProviderFact[]>;
  /** 'La storia finora': the previous recap ('' for none) carried on with the given turns. */
  summarize(previous: string, turns: readonly ChatTurn[], signal: AbortSignal): Promise<string>;
}

export interface Narrator {
  /** 'offline' or the configured model name (shown by /api/health and the admin dashboard). */
  readonly label: string;
  /** The provider's memory calls; absent for the offline storyteller (extractive memory only). */
  readonly memory?: NarratorMemory;
  /**
   * Streams the narration as text chunks, in order.
   * Throws (or the iterator rejects) on provider failure; stops early when `signal` aborts.
   */
  stream(request: NarrationRequest): AsyncIterable<string>;
  /**
   * Writes only the three choices for the situation `request.narration` leaves the player in
   * (issue 11 §3), after a narration that ended normally without them. Costs the player nothing.
   * Output: the three choice texts. Throws on provider failure, on abort and when the reply is
   * not three choices (the caller then uses generic choices).
   */
  repairChoices(request: ChoiceRepairRequest): Promise<ThreeChoices>;
}
