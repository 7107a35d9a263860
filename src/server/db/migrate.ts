/** Runs the migrations of migrations/ to the latest version. */

import { type Kysely, Migrator } from "kysely";
import { migrations } from "../../../migrations";

/**
 * Applies every pending migration, in order, each in its own transaction; on PostgreSQL inside
 * `postgresSchema` when given.
 * Throws the first migration error (the database stays at the last successful migration).
 */
export async function migrateToLatest(db: Kysely<any>, postgresSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Keep the bookkeeping tables in the schema being migrated (tests use one schema each).
    ...(postgresSchema ? { migrationTableSchema: postgresSchema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
