/**
 * Contracts of the narrator: what a chat turn hands to a text provider and what comes back.
 * The same request goes to the real OpenAI-compatible provider and to the offline storyteller.
 */

import type { PlayerAction } from "../../shared/commands";
import type { GenreName } from "../../shared/genres";

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
  /** Number of narrated (assistant) turns the game already has, 0 before the first reply. */
  turn: number;
  /** What the player asked for in this turn, parsed from their message. */
  action: PlayerAction;
  phase: StoryPhase;
  /** Complete system prompt (genre or game configuration + rules). */
  system: string;
  /** History window, oldest first; the last item is the player's message as sent to the model. */
  messages: ChatTurn[];
  temperature: number;
  maxTokens: number;
  signal: AbortSignal;
}

export interface Narrator {
  /** 'offline' or the configured model name (shown by /api/health and the admin dashboard). */
  readonly label: string;
  /**
   * Streams the narration as text chunks, in order.
   * Throws (or the iterator rejects) on provider failure; stops early when `signal` aborts.
   */
  stream(request: NarrationRequest): AsyncIterable<string>;
}
