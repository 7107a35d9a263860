/** Which database a Kysely handle talks to, for the few queries whose SQL differs (full-text search). */

import { type Kysely, PostgresAdapter } from "kysely";

/** True when `db` runs on PostgreSQL, false on SQLite. */
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
