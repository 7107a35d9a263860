/**
 * The last admin stays (issue 9 finding 10): no route may remove the admin role from, or
 * erase, the only remaining admin, also when two requests try at the same moment.
 */

import type { Kysely } from "kysely";
import { lockedForUpdate } from "../db/row-lock";
import type { Database } from "../db/schema";
import { AppError } from "../errors";

export const LAST_ADMIN = () =>
  new AppError("LAST_ADMIN", 409, "Deve restare almeno un amministratore: nomina prima un altro amministratore.", "Operazione non consentita");

/**
 * Throws 409 LAST_ADMIN when `userId` is the only admin. Call it inside the transaction that
 * removes the role or the account, before the change: on PostgreSQL it locks every admin role
 * row (SELECT … FOR UPDATE), so a concurrent transaction removing another admin waits for this
 * one to commit and then counts again; SQLite runs one write transaction at a time.
 * Input: the transaction and the account losing its role. Output: nothing; no-op for non-admins.
 */
export async function assertNotLastAdmin(trx: Kysely<Database>, userId: string): Promise<void> {
  const query = trx.selectFrom("user_roles").select("user_id").where("role", "=", "admin");
  const admins = (await lockedForUpdate(trx, query).execute()).map((r) => r.user_id);
  if (admins.includes(userId) && new Set(admins).size <= 1) throw LAST_ADMIN();
}
