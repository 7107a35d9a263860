/**
 * The last admin stays (issue 9 finding 10): no route may remove the admin role from, or
 * erase, the only remaining admin, also when two requests try at the same moment.
 */

import type { Kysely } from "kysely";
import { lockedForUpdate } from "../../platform/db/row-lock";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

export const LAST_ADMIN = () =>
  new AppError("LAST_ADMIN", 409, "Deve restare almeno un amministratore: nomina prima un altro amministratore.", "Operazione non consentita");

/**
 * Throws 409 LAST_ADMIN when `userId` is an admin and no other active admin remains (a
 * deactivated admin cannot sign in: issue 22 §10). Call it inside the transaction that removes
 * the role, deactivates or erases the account, before the change: on PostgreSQL it locks every
 * admin role row (SELECT … FOR UPDATE), so a concurrent transaction doing the same waits for
 * this one to commit; the deactivations are read by a second statement, after the lock, so they
 * include one committed meanwhile. SQLite runs one write transaction at a time.
 * Input: the transaction and the account losing its role. Output: nothing; no-op for non-admins.
 */
export async function assertNotLastAdmin(trx: Kysely<Database>, userId: string): Promise<void> {
  const query = trx.selectFrom("user_roles").select("user_id").where("role", "=", "admin");
  const admins = new Set((await lockedForUpdate(trx, query).execute()).map((r) => r.user_id));
  if (!admins.delete(userId)) return;
  if (admins.size === 0) throw LAST_ADMIN();
  const deactivated = await trx.selectFrom("user_deactivations").select("user_id").where("user_id", "in", [...admins]).execute();
  if (deactivated.length >= admins.size) throw LAST_ADMIN();
}
