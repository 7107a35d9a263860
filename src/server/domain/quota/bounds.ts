/**
 * Bounds on expensive work in progress on one server instance (issue 19 §7, "every request that
 * costs more than a database read has a per-player bound and a global one"): live streams,
 * narrations, AI helpers, pictures. A bound counts what runs now, not what ran: a slot is taken
 * when the work starts and given back when it ends. Counts are per instance (each instance of a
 * PostgreSQL deployment holds its own); the numbers are listed in docs/decisions (ADR 0018).
 */

import type { Env } from "../../platform/env";
import { AppError } from "../../platform/errors";

/** Gives a slot back; calling it again does nothing. */
export type Release = () => void;

/** A shared ceiling of several kinds of slots on this instance (e.g. every live stream). */
export class Pool {
  used = 0;

  constructor(
    /** Slots in all. */
    readonly size: number,
    /** The refusal once every slot is taken (503 in Italian). */
    readonly refusal: () => AppError,
  ) {}
}

interface Held {
  release: Release;
  onEvicted?: () => void;
}

/**
 * Slots of one kind of work: at most `perPlayer` at a time for one player (a guest is a player),
 * inside the instance's `pool`. Past the player's bound, `whenFull` decides: 'refuse' throws
 * `refusal()` (429), 'evict-oldest' ends the player's oldest slot (its onEvicted is called) so the
 * newest wins, as a new browser tab should.
 */
export class PlayerSlots {
  private readonly byPlayer = new Map<string, Held[]>();

  constructor(
    readonly perPlayer: number,
    private readonly pool: Pool,
    private readonly whenFull: "refuse" | "evict-oldest",
    private readonly refusal: () => AppError,
  ) {}

  /**
   * Takes a slot for `playerId`. Input: the player's id and, for 'evict-oldest', what ends the
   * work when a newer slot pushes it out. Output: the function that gives the slot back.
   * Throws the player refusal (429) or the pool's (503).
   */
  take(playerId: string, onEvicted?: () => void): Release {
    const held = this.byPlayer.get(playerId) ?? [];
    if (held.length >= this.perPlayer) {
      if (this.whenFull === "refuse") throw this.refusal();
      const oldest = held[0]!;
      oldest.release();
      oldest.onEvicted?.();
    }
    if (this.pool.used >= this.pool.size) throw this.pool.refusal();
    this.pool.used++;
    let released = false;
    const slot: Held = {
      onEvicted,
      release: () => {
        if (released) return;
        released = true;
        this.pool.used--;
        const list = this.byPlayer.get(playerId)!;
        list.splice(list.indexOf(slot), 1);
        if (list.length === 0) this.byPlayer.delete(playerId);
      },
    };
    held.push(slot);
    this.byPlayer.set(playerId, held);
    return slot.release;
  }

  /** Slots `playerId` holds now. */
  heldBy(playerId: string): number {
    return this.byPlayer.get(playerId)?.length ?? 0;
  }
}

/** Narrations running at once on one instance. */
export const NARRATIONS_MAX = 1_000;
/** AI helper calls running at once on one instance. */
export const AI_HELPERS_MAX = 50;
/** Pictures in the making at once on one instance. */
export const PICTURES_MAX = 50;

/** Every bound of one server instance. */
export interface Bounds {
  /** GET /api/events: past the player's bound the oldest stream closes. */
  eventStreams: PlayerSlots;
  /** GET /api/games/:id/live: past the player's bound, 429. Shares the pool of eventStreams. */
  narrationFollowers: PlayerSlots;
  /** Narrations started by a player's turn (they outlive the request, issue 11 §4). */
  narrations: PlayerSlots;
  /** One-off model calls of the AI helpers. */
  aiHelpers: PlayerSlots;
  /** Scene pictures ('/visualizza'). */
  pictures: PlayerSlots;
}

type BoundsEnv = Pick<
  Env,
  "LIVE_EVENT_STREAMS_PER_PLAYER" | "NARRATION_FOLLOWERS_PER_PLAYER" | "LIVE_STREAMS_MAX" | "NARRATIONS_PER_PLAYER" | "AI_HELPERS_PER_PLAYER" | "PICTURES_PER_PLAYER"
>;

/** The bounds of one server: per player from its env, per instance from env (streams) and the constants above. */
export function createBounds(env: BoundsEnv): Bounds {
  const busy = () => AppError.of("SERVER_BUSY", 503);
  const streams = new Pool(env.LIVE_STREAMS_MAX, busy);
  const tooMany = () => AppError.of("TOO_MANY_AT_ONCE", 429);
  return {
    eventStreams: new PlayerSlots(env.LIVE_EVENT_STREAMS_PER_PLAYER, streams, "evict-oldest", tooMany),
    narrationFollowers: new PlayerSlots(env.NARRATION_FOLLOWERS_PER_PLAYER, streams, "refuse", () => AppError.of("TOO_MANY_STREAMS", 429)),
    narrations: new PlayerSlots(env.NARRATIONS_PER_PLAYER, new Pool(NARRATIONS_MAX, busy), "refuse", tooMany),
    aiHelpers: new PlayerSlots(env.AI_HELPERS_PER_PLAYER, new Pool(AI_HELPERS_MAX, busy), "refuse", tooMany),
    pictures: new PlayerSlots(env.PICTURES_PER_PLAYER, new Pool(PICTURES_MAX, busy), "refuse", tooMany),
  };
}

/**
 * Runs `work` inside a slot of `slots` for `playerId`, giving the slot back when it settles.
 * Output: what `work` resolves to. Throws the slots' refusal (429/503) before starting it.
 */
export async function withSlot<T>(slots: PlayerSlots, playerId: string, work: () => Promise<T>): Promise<T> {
  const release = slots.take(playerId);
  try {
    return await work();
  } finally {
    release();
  }
}
