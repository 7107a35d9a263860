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
import { nowIso, DAY_MS } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";

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
