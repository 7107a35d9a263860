/**
 * Admin removal of a user's second factor (issue 10; spec §7 admin DELETE
 * /admin/users/{userId}/factors): for a player who lost both the authenticator app and the
 * backup codes. Removes the TOTP secret and backup codes of Better Auth's two-factor plugin,
 * turns the flag off and forgets the devices trusted to skip the code; sign-in then asks for the
 * password only. The route runs it in the transaction that writes its audit entry.
 */

import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema";
import { getUser } from "./users.service";

/**
 * Input: the transaction (or database) and the user's id. Output: {email, removed} (removed = a
 * factor existed). Throws 404 USER_NOT_FOUND for an unknown id or a guest.
 */
export async function removeFactors(trx: Kysely<Database>, userId: string): Promise<{ email: string; removed: boolean }> {
  const { email } = await getUser(trx, userId);
  const deleted = await trx.deleteFrom("twoFactor").where("userId", "=", userId).executeTakeFirst();
  const flagged = await trx.updateTable("user").set({ twoFactorEnabled: sql<boolean>`false` }).where("id", "=", userId).where("twoFactorEnabled", "=", sql<boolean>`true`).executeTakeFirst();
  // The plugin's "trust this device" records hold the user id as their value.
  await trx.deleteFrom("verification").where("identifier", "like", "trust-device-%").where("value", "=", userId).execute();
  return { email, removed: Number(deleted.numDeletedRows) > 0 || Number(flagged.numUpdatedRows) > 0 };
}
