/**
 * Vitest global setup: PostgreSQL test schemas are dropped once, after the whole run, never
 * while other tests run. Kysely's migrator lists the tables of every schema of the database, so
 * a schema dropped by one test while another server starts fails that start with
 * 'schema "…" does not exist'. Each run names its schemas t_<run>_…; teardown drops that run's.
 */

import { randomBytes } from "node:crypto";
import pg from "pg";

/** Gives this run its schema prefix (inherited by the test workers through the environment). */
export function setup(): () => Promise<void> {
  const run = randomBytes(4).toString("hex");
  process.env.TEST_PG_RUN = run;
  return async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>("select nspname as name from pg_namespace where nspname like $1", [`t\\_${run}\\_%`]);
      for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
    } finally {
      await client.end();
    }
  };
}
