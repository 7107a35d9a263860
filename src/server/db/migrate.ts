/** Runs the migrations of migrations/ to the latest version. */

import { type Kysely, Migrator, PostgresAdapter, sql } from "kysely";
import { migrations } from "../../../migrations";

/**
 * Key of the PostgreSQL advisory lock held while migrating: one migration at a time per database,
 * whatever the instance or schema. Kysely's own lock covers only the migrations, not the catalogue
 * read that comes before them, and that read fails while another process alters a table (seen:
 * "column … does not exist" when two instances or test workers start together).
 */
const MIGRATION_LOCK_KEY = 4_142_012;

/**
 * Applies every pending migration, in order, each in its own transaction; on PostgreSQL inside
 * `postgresSchema` when given, and under MIGRATION_LOCK_KEY (session lock, on one connection).
 * Throws the first migration error (the database stays at the last successful migration).
 */
export async function migrateToLatest(db: Kysely<any>, postgresSchema?: string): Promise<void> {
  const migrate = async (on: Kysely<any>) => {
    const migrator = new Migrator({
      db: on,
      provider: { getMigrations: async () => migrations },
      // Keep the bookkeeping tables in the schema being migrated (tests use one schema each).
      ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}),
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
  };
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return migrate(db);
  await db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(connection);
    try {
      await migrate(connection);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(connection);
    }
  });
}
