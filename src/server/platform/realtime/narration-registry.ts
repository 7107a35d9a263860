/**
 * Narrations running on this server instance (issue 11 §4; DESIGN §7: a narration belongs to
 * the server once accepted). A run lives here, keyed by its game, from its first word until it is
 * stored or fails, whatever its client does; readers on this instance follow it from memory,
 * readers on other instances from its narration_runs row. Stopping the server waits for them.
 */

import { setMaxListeners } from "node:events";
import type { TurnEvent } from "../../../shared/api-types";

/** The event that ends a narration's stream: 'done' (stored, or stopped) or 'error'. */
export type FinalTurnEvent = Extract<TurnEvent, { event: "done" | "error" }>;

/** A narration being written on this instance: the text streamed so far and, once over, its final event. */
export class LiveRun {
  /** Every character streamed so far (UTF-16 code units, as String.length counts them). */
  text = "";
  /** Set once the run is over (its row already says so). */
  final: FinalTurnEvent | null = null;
  /** Retries of a busy provider before the first word (issue 20 §1): the player reads "Il narratore ci sta pensando…". */
  retries = 0;
  private readonly listeners = new Set<() => void>();

  constructor(
    /** Identifies this run in its narration_runs row. */
    readonly id: string,
    /** The player's message the narration answers. */
    readonly playerMessageId: string,
  ) {}

  /** Adds a streamed piece of narration and tells the watchers. */
  append(piece: string): void {
    this.text += piece;
    this.notify();
  }

  /** Notes that the provider is asked again (retry 1, 2…) and tells the watchers. */
  waiting(retry: number): void {
    this.retries = retry;
    this.notify();
  }

  /** Ends the run with its final event and tells the watchers. */
  finish(event: FinalTurnEvent): void {
    this.final = event;
    this.notify();
  }

  /** Calls `listener` after every change (a piece, the end). Output: the function that removes it. */
  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

export interface NarrationRegistry {
  /**
   * Makes `run` the narration of `gameId` on this instance until `work` (the narration, stored at
   * its end) settles; a later run of the same game takes the key over. `work` never rejects.
   */
  track(gameId: string, run: LiveRun, work: Promise<void>): void;
  /** The narration of `gameId` running on this instance, if any. */
  get(gameId: string): LiveRun | undefined;
  /** Resolves once every narration running now (and started meanwhile) has ended (graceful stop). */
  drain(): Promise<void>;
  /** Narrations running now (metrics: storie_narrations_running). */
  running(): number;
  /** Aborted when a stop ran out of time (SHUTDOWN_TIMEOUT_MS): running narrations end as if 'Stop' was pressed. */
  readonly cutSignal: AbortSignal;
  /** Cuts every running narration (see cutSignal). */
  cut(): void;
}

/** An empty registry for one server process. */
export function createNarrationRegistry(): NarrationRegistry {
  const runs = new Map<string, LiveRun>();
  const working = new Set<Promise<void>>();
  const cutter = new AbortController();
  // One listener per narration running now (each removes its own when it ends): a busy instance
  // runs far more than Node's default of 10 without any leak.
  setMaxListeners(0, cutter.signal);
  return {
    cutSignal: cutter.signal,
    cut: () => cutter.abort(),
    running: () => working.size,
    track(gameId, run, work) {
      runs.set(gameId, run);
      const tracked = work.finally(() => {
        if (runs.get(gameId) === run) runs.delete(gameId);
        working.delete(tracked);
      });
      working.add(tracked);
    },
    get: (gameId) => runs.get(gameId),
    async drain() {
      while (working.size > 0) await Promise.all(working);
    },
  };
}
