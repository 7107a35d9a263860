/**
 * Small deterministic random toolkit for the offline storyteller: a string hash and the
 * mulberry32 generator. Same seed string → same sequence, on every platform.
 */

/**
 * Hashes a string to an unsigned 32-bit integer (FNV-1a followed by a murmur3 finaliser).
 * Input: any string. Output: an integer in [0, 2^32). Never throws.
 * Used to seed the per-game cast and turn composition (spec §2 Game chat).
 */
export function hashString(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The mulberry32 pseudo-random generator.
 * Input: a 32-bit seed. Output: a function returning floats in [0, 1). Never throws.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  /** Float in [0, 1). */
  next(): number;
  /** Integer in [0, n); n must be ≥ 1. */
  int(n: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

/**
 * Creates a seeded generator from a string.
 * Input: the seed text (e.g. `${gameId}|${turn}`). Output: an {@link Rng}.
 * Errors: `pick` throws a RangeError on an empty list.
 */
export function createRng(seed: string): Rng {
  const next = mulberry32(hashString(seed));
  const int = (n: number): number => Math.floor(next() * Math.max(1, Math.floor(n)));
  return {
    next,
    int,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new RangeError("pick() on an empty list");
      return items[int(items.length)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        const tmp = out[i] as T;
        out[i] = out[j] as T;
        out[j] = tmp;
      }
      return out;
    },
  };
}
