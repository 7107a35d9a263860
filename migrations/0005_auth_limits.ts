/**
 * auth_limits: the counters of the sign-in, sign-up, guest and e-mail limits (issue 9,
 * src/server/domain/auth/limits.ts) on PostgreSQL, shared by every server instance; the layout is
 * rate-limiter-flexible's RateLimiterPostgres table (key, consumed points, expiry in ms since
 * the epoch). On SQLite (one process) the limits live in memory and the table stays empty.
 */

import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("auth_limits")
    .addColumn("key", "varchar(255)", (c) => c.primaryKey())
    .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expire", "bigint")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("auth_limits").ifExists().execute();
}
