/** Runs the migrations of migrations/ to the latest version. */

import { type Kysely, Migrator, PostgresAdapter, sql } from "kysely";
import { migrations } from "../../../../migrations";

/**
 * Key of the PostgreSQL advisory lock held while migrating: one migration at a time per database,
 * whatever the instance or schema. Kysely's own lock covers only the migrations, not the catalogue
 * read that comes before them, and that read fails while another process alters a table (seen:
 * "column … does not exist" when two instances or test workers migrate together).
 */
const MIGRATION_LOCK_KEY = 4_142_012;

/**
 * Input: the database and the work to run on it. On PostgreSQL the work gets one connection that
 * holds MIGRATION_LOCK_KEY until it ends (a session lock: released on error or disconnect too);
 * on SQLite, which has one writer, the database as it is. Output: the work's result.
 */
export async function withMigrationLock<T>(db: Kysely<any>, work: (db: Kysely<any>) => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return work(db);
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}

/** Kysely's Migrator over migrations/, keeping its bookkeeping tables in `postgresSchema` when given. */
export function migratorFor(db: Kysely<any>, postgresSchema?: string): Migrator {
  // Tests use one schema each.
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}) });
}

/**
 * Applies every pending migration, in order, each in its own transaction, under the migration
 * lock; on PostgreSQL inside `postgresSchema` when given.
 * Throws the first migration error (the database stays at the last successful migration).
 */
export async function migrateToLatest(db: Kysely<any>, postgresSchema?: string): Promise<void> {
  const { error } = await withMigrationLock(db, (locked) => migratorFor(locked, postgresSchema).migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
