/**
 * The admin account from ADMIN_EMAIL / ADMIN_PASSWORD when both are set (once per address).
 */

import type { Kysely } from "kysely";
import type { Auth } from "../domain/auth/auth";
import { setUserPlan } from "../domain/accounts/plans";
import { createAccountRows, recordAgeConfirmation } from "../domain/auth/account-rows";
import { isAdmin } from "../domain/auth/roles";
import { nowIso } from "../platform/clock";
import type { Database } from "../platform/db/schema";
import type { Logger } from "../platform/ops/logger";

/** What seedAdmin did, for the start-up log and tests. */
export type SeedAdminOutcome = "created" | "confirmed" | "already-seeded" | "refused";

/** The settings key remembering that the admin account of `email` was seeded. */
export function adminSeedKey(email: string): string {
  return `admin_seeded:${email.toLowerCase()}`;
}

/**
 * Seeds the admin account from ADMIN_EMAIL / ADMIN_PASSWORD, once per address (issue 9
 * finding 1: the seed never hands the admin role to an account whose password it did not set):
 * - already seeded for this e-mail (settings row 'admin_seeded:<e-mail>'): nothing, so an admin
 *   later demoted or deleted stays so across restarts → 'already-seeded';
 * - no account with the e-mail: creates it, verified, with ADMIN_PASSWORD, the admin role and
 *   the admin plan, and remembers it → 'created';
 * - an account that already is an admin (an install seeded before this rule): remembers it,
 *   changes nothing → 'confirmed';
 * - any other account (e.g. someone who signed up with the address): refuses, changes nothing
 *   and logs why → 'refused'. The operator then chooses another ADMIN_EMAIL, or deletes that
 *   account, or promotes it from the admin console.
 * Input: database, Better Auth, e-mail, password (≥ 8 characters), log. Output: the outcome.
 */
export async function seedAdmin(
  db: Kysely<Database>,
  auth: Auth,
  email: string,
  password: string,
  logger: Logger,
): Promise<SeedAdminOutcome> {
  const normalized = email.toLowerCase();
  const key = adminSeedKey(normalized);
  if (await db.selectFrom("settings").select("key").where("key", "=", key).executeTakeFirst()) return "already-seeded";
  const remember = (trx: Kysely<Database>) =>
    trx
      .insertInto("settings")
      .values({ key, value: nowIso(), updated_at: nowIso() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();

  const existing = await db.selectFrom("user").select("id").where("email", "=", normalized).executeTakeFirst();
  if (existing) {
    if (!(await isAdmin(db, existing.id))) {
      logger.warn(
        `ADMIN_EMAIL: esiste già un account con questo indirizzo che non è amministratore e la cui password ` +
          `non è stata impostata da ADMIN_PASSWORD; il ruolo di amministratore NON viene assegnato. Usa un altro ADMIN_EMAIL, ` +
          `oppure elimina quell'account o promuovilo dal pannello di amministrazione.`,
      );
      return "refused";
    }
    await remember(db);
    return "confirmed";
  }

  // Through Better Auth's adapter (its hooks create the account rows) but without the
  // confirmation e-mail a public sign-up sends: the operator chose this address.
  const ctx = await auth.$context;
  const created = await ctx.internalAdapter.createUser({ email: normalized, name: "Admin", emailVerified: true }, { method: "email-password" });
  await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: "credential", accountId: created.id, password: await ctx.password.hash(password) });
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("user_roles").where("user_id", "=", created.id).execute();
    await createAccountRows(trx, { id: created.id, email: normalized }, "admin", "admin");
    // The operator who configured ADMIN_EMAIL is of age: their account is not asked 'Ho almeno 14 anni' (issue 23).
    await recordAgeConfirmation(trx, created.id);
    await setUserPlan(trx, created.id, "admin");
    await remember(trx);
  });
  return "created";
}
