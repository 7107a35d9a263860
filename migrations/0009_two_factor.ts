/**
 * Issue 10 (two-step verification, spec §3 factors): the tables of Better Auth's two-factor
 * plugin, as it expects them (the "migrations hold exactly the tables Better Auth expects" test
 * of src/server/domain/auth/auth.test.ts compares them with the plugin's own schema).
 *
 * 1. user.twoFactorEnabled: true once the player confirmed an authenticator app.
 * 2. twoFactor: one row per user with the encrypted TOTP secret, the encrypted backup codes,
 *    whether the secret was confirmed with a code, and the plugin's failure counter and lock.
 *    Rows go with their user (cascade). Better Auth's dates and booleans are native on
 *    PostgreSQL, as in 0001.
 */

import { type Kysely, PostgresAdapter } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const authDate = pg ? "timestamptz" : "date";
  const authBool = pg ? "boolean" : "integer";

  await db.schema.alterTable("user").addColumn("twoFactorEnabled", authBool).execute();

  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", authBool)
    .addColumn("failedVerificationCount", "integer")
    .addColumn("lockedUntil", authDate)
    .execute();
  await db.schema.createIndex("twoFactor_secret_idx").on("twoFactor").column("secret").execute();
  await db.schema.createIndex("twoFactor_userId_idx").on("twoFactor").column("userId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("twoFactor").ifExists().execute();
  await db.schema.alterTable("user").dropColumn("twoFactorEnabled").execute();
}
