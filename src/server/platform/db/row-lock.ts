/** Row locks that exist on one dialect only (DESIGN §2: one query layer for SQLite and PostgreSQL). */

import { type Kysely, PostgresAdapter } from "kysely";

/**
 * Adds FOR UPDATE on PostgreSQL, so the selected rows stay locked until the transaction ends
 * and a concurrent transaction reading them waits, then reads the committed result. SQLite
 * has no row locks and needs none: it runs one write transaction at a time.
 * Input: the database or transaction the query runs on, and the select query. Output: the query.
 */
export function lockedForUpdate<Q extends { forUpdate(): Q }>(db: Kysely<any>, query: Q): Q {
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate() : query;
}
