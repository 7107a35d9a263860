/**
 * Story progress (issue: foundation §5): each narrated turn moves progress toward 100 over a
 * story length set by the pacing; the phase tells the narrator when to move toward an ending.
 */

import type { StoryPhase } from "./types";

/** Narrated turns a story lasts, by pacing (genre prompt or template values). */
const STORY_LENGTH: Record<string, number> = {
  lento: 30,
  epico: 30,
  medio: 20,
  variabile: 20,
  bilanciato: 20,
  veloce: 12,
};

export function storyLength(pacing: string | null | undefined): number {
  return STORY_LENGTH[pacing ?? ""] ?? 20;
}

/**
 * Progress after one more narrated turn.
 * Input: current progress (0–100), pacing, whether the turn restarts the story ('/nuovo').
 * Output: the new progress, an integer percent ≤ 100.
 */
export function advanceProgress(current: number, pacing: string | null | undefined, restart = false): number {
  const length = storyLength(pacing);
  const turnsDone = restart ? 0 : Math.round((current * length) / 100);
  return Math.min(100, Math.round(((turnsDone + 1) * 100) / length));
}

/**
 * Phase of the turn about to be narrated, from the progress before it.
 * 'opening' for the first turn, 'approach-ending' from 75 %, 'conclude' for the last turn.
 */
export function phaseFor(current: number, pacing: string | null | undefined, restart = false): StoryPhase {
  if (restart || current === 0) return "opening";
  const next = advanceProgress(current, pacing);
  if (next >= 100) return "conclude";
  if (next >= 75) return "approach-ending";
  return "middle";
}
