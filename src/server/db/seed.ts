/**
 * Idempotent seeds (issue: foundation §2): the plans of spec §9, one genre_prompts row per genre,
 * and the admin account from ADMIN_EMAIL / ADMIN_PASSWORD when both are set.
 */

import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { type GenreName, GENRES } from "../../shared/genres";
import type { Auth } from "../auth/auth";
import { setUserPlan } from "../accounts/plans";
import { createAccountRows } from "../auth/account-rows";
import { nowIso } from "../clock";
import { GENRE_PROMPT_SEEDS } from "./genre-prompts";
import { PLAN_SEEDS } from "./plans";
import type { Database } from "./schema";

/** Inserts missing plans and genre prompts; existing rows (possibly edited by admins) are kept. */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  for (const plan of PLAN_SEEDS) {
    await db.insertInto("plans").values(plan).onConflict((oc) => oc.column("id").doNothing()).execute();
  }
  await insertMissingGenrePrompts(db, GENRES);
}

/**
 * Inserts the default prompt of each given genre that has no row yet. A row inserted first by a
 * concurrent call is ignored (ON CONFLICT (genre) DO NOTHING; spec §7: conflict 23505 ignored);
 * existing rows, possibly edited by admins, are never touched.
 * Output: the number of rows this call inserted.
 */
export async function insertMissingGenrePrompts(db: Kysely<Database>, genres: readonly GenreName[]): Promise<number> {
  let created = 0;
  for (const genre of genres) {
    const seed = GENRE_PROMPT_SEEDS[genre];
    const result = await db
      .insertInto("genre_prompts")
      .values({ id: randomUUID(), genre, ...seed, forbidden_topics: JSON.stringify(seed.forbidden_topics), updated_at: nowIso() })
      .onConflict((oc) => oc.column("genre").doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}

/**
 * Ensures the admin account exists, is verified, has the admin role and the admin plan.
 * Input: e-mail and password (≥ 8 characters). Idempotent: an existing account keeps its password.
 */
export async function seedAdmin(db: Kysely<Database>, auth: Auth, email: string, password: string): Promise<void> {
  const normalized = email.toLowerCase();
  let user = await db.selectFrom("user").select("id").where("email", "=", normalized).executeTakeFirst();
  if (!user) {
    // Through Better Auth's adapter (its hooks create the account rows) but without the
    // confirmation e-mail a public sign-up sends: the operator chose this address.
    const ctx = await auth.$context;
    const created = await ctx.internalAdapter.createUser({ email: normalized, name: "Admin", emailVerified: true }, { method: "email-password" });
    await ctx.internalAdapter.linkAccount({ userId: created.id, providerId: "credential", accountId: created.id, password: await ctx.password.hash(password) });
    user = { id: created.id };
  }
  await db.updateTable("user").set({ emailVerified: sql<boolean>`true` }).where("id", "=", user.id).execute();
  await createAccountRows(db, { id: user.id, email: normalized }, "admin", "admin");
  await setUserPlan(db, user.id, "admin");
}
