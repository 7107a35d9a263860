/**
 * Where the auth limits keep their counters (issue 9 finding 2), with rate-limiter-flexible:
 * - PostgreSQL: RateLimiterPostgres on the app's own connection pool, table auth_limits
 *   (migration 0005), so every server instance sharing the database shares the counters (an
 *   attacker cannot multiply the limits by the number of instances). Each limiter has an
 *   in-memory insurance limiter that takes over if the database query fails.
 * - SQLite: RateLimiterMemory. SQLite means one server process, so process memory is already
 *   shared by every request, and a flood of refused requests costs no database write; the
 *   counters restart empty when the operator restarts the server.
 */

import type { Kysely } from "kysely";
import { CompiledQuery } from "kysely";
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { DialectName } from "../../platform/db/client";
import type { Database } from "../../platform/db/schema";

/** One limiter: `points` allowed per `duration` seconds, keyed under `keyPrefix`. */
export interface LimiterSpec {
  keyPrefix: string;
  points: number;
  duration: number;
}

export type LimiterFactory = (spec: LimiterSpec) => RateLimiterAbstract;

/** Table holding the counters on PostgreSQL (key, points, expire in ms since the epoch). */
export const AUTH_LIMITS_TABLE = "auth_limits";

/**
 * The pg-client shape RateLimiterPostgres calls (`query({text, values})` → {rows, rowCount}),
 * answered through Kysely so it uses the app's pool and PostgreSQL schema.
 */
function kyselyQueryClient(db: Kysely<Database>) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(q.text, q.values ?? []));
      return { rows: result.rows, rowCount: result.numAffectedRows === undefined ? result.rows.length : Number(result.numAffectedRows) };
    },
  };
}

/**
 * Builds limiters for the dialect.
 * Input: the database and its dialect. Output: a factory of rate-limiter-flexible limiters.
 */
export function limiterFactory(db: Kysely<Database>, dialect: DialectName): LimiterFactory {
  if (dialect === "sqlite") return (spec) => new RateLimiterMemory(spec);
  const storeClient = kyselyQueryClient(db);
  return (spec) =>
    new RateLimiterPostgres({
      ...spec,
      storeClient,
      storeType: "pool",
      tableName: AUTH_LIMITS_TABLE,
      tableCreated: true,
      insuranceLimiter: new RateLimiterMemory(spec),
    });
}

/** One limiter per database and key prefix: a running server keeps one, tests with many databases one each. */
const perDatabase = new WeakMap<Kysely<Database>, Map<string, RateLimiterAbstract>>();

/**
 * The limiter of `spec` for this database, made on first use and kept (its counters live as long
 * as the server: in memory on SQLite, in auth_limits on PostgreSQL).
 * Input: the database, its dialect and the limiter's spec. Output: the same limiter on every call.
 */
export function sharedLimiter(db: Kysely<Database>, dialect: DialectName, spec: LimiterSpec): RateLimiterAbstract {
  let byPrefix = perDatabase.get(db);
  if (!byPrefix) perDatabase.set(db, (byPrefix = new Map()));
  let limiter = byPrefix.get(spec.keyPrefix);
  if (!limiter) byPrefix.set(spec.keyPrefix, (limiter = limiterFactory(db, dialect)(spec)));
  return limiter;
}

/**
 * Takes one point of `key`'s allowance from the shared limiter of `spec`.
 * Input: the database, its dialect, the spec, the key (e.g. the player's id). Output: null when the
 * point was taken; else the whole seconds (≥ 1) until the next one, for the caller's 429 and its
 * Retry-After. Errors: a failing store rethrows.
 */
export async function takePoint(db: Kysely<Database>, dialect: DialectName, spec: LimiterSpec, key: string): Promise<number | null> {
  try {
    await sharedLimiter(db, dialect, spec).consume(key);
    return null;
  } catch (error) {
    if (error instanceof RateLimiterRes) return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw error;
  }
}
