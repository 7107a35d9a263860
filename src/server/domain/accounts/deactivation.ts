/**
 * Deactivated accounts (issue 22 §10; spec §7 DELETE /admin/users/{id} with should_soft_delete;
 * docs/decisions/0016): an admin's deletion first deactivates the account. While deactivated:
 * - its sessions are gone and a new sign-in is refused with ACCOUNT_DEACTIVATED (auth.ts, the
 *   session-create hook: password, provider and two-step sign-ins alike);
 * - its public content is hidden: gallery images and shared stories (the visibility rule,
 *   policies/visibility.ts ownerActive); templates belong to the site (user_id null), so none is the user's;
 * - nothing is deleted: 'Ripristina' (restoreAccount) brings everything back as it was;
 * - DEACTIVATION_DAYS after deactivated_at the sweep erases it (eraseAccount, like any deletion).
 * A user's own deletion (/profilo) and 'Elimina definitivamente' (GDPR requests) stay immediate.
 */

import type { Kysely } from "kysely";
import { nowIso } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import type { EraseDeps } from "./erase-account";
import { DAY_MS, eraseAll, startSweep } from "./erase-sweep";

export const DEACTIVATION_DAYS = 30;

/** When a deactivated account is erased: `deactivatedAt` (ISO) + 30 days, as ISO. */
export function erasureDate(deactivatedAt: string): string {
  return new Date(Date.parse(deactivatedAt) + DEACTIVATION_DAYS * DAY_MS).toISOString();
}

/** Whether the account is deactivated (a sign-in must be refused). */
export async function isDeactivated(db: Kysely<Database>, userId: string): Promise<boolean> {
  return Boolean(await db.selectFrom("user_deactivations").select("user_id").where("user_id", "=", userId).executeTakeFirst());
}

/**
 * Deactivates the account (call inside the transaction of the audited change): records when and
 * by whom, and ends every session of it. Input: the transaction, the user id and the admin's id.
 * Output: the deactivation time (ISO), or null when it already was deactivated (nothing changed).
 */
export async function deactivateAccount(trx: Kysely<Database>, userId: string, adminId: string | null): Promise<string | null> {
  const at = nowIso();
  const inserted = await trx
    .insertInto("user_deactivations")
    .values({ user_id: userId, deactivated_at: at, deactivated_by: adminId })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .returning("user_id")
    .executeTakeFirst();
  if (!inserted) return null;
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
  return at;
}

/** 'Ripristina': reactivates the account. Output: whether it was deactivated. */
export async function restoreAccount(trx: Kysely<Database>, userId: string): Promise<boolean> {
  const deleted = await trx.deleteFrom("user_deactivations").where("user_id", "=", userId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Ids of accounts deactivated before `cutoff`, oldest first, at most `limit`. */
async function expiredDeactivations(db: Kysely<Database>, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom("user_deactivations")
    .select("user_id")
    .where("deactivated_at", "<", cutoff.toISOString())
    .orderBy("deactivated_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * Erases every account deactivated DEACTIVATION_DAYS or more before `now` (the clock is injected
 * for tests). Input: deps, the current instant, `shouldStop`. Output: how many were erased.
 */
export async function sweepDeactivatedAccounts(deps: EraseDeps, now = new Date(), shouldStop: () => boolean = () => false): Promise<number> {
  const cutoff = new Date(now.getTime() - DEACTIVATION_DAYS * DAY_MS);
  return eraseAll(deps, (limit) => expiredDeactivations(deps.db, cutoff, limit), shouldStop, "Account disattivato");
}

/** Starts the daily sweep of deactivated accounts (erase-sweep.ts startSweep). Output: stop(). */
export function startDeactivationSweep(deps: EraseDeps, intervalMs = DAY_MS): { stop(): Promise<void> } {
  return startSweep(
    deps.logger,
    (now, shouldStop) => sweepDeactivatedAccounts(deps, now, shouldStop),
    (erased) => `Cancellati ${erased} account disattivati da più di ${DEACTIVATION_DAYS} giorni.`,
    intervalMs,
  );
}
