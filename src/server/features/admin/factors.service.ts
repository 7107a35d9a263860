/**
 * A user's second factors for admins (issue 10, issue 22 §10; spec §7 GET
 * /admin/users/{userId}/factors, DELETE /admin/users/{userId}/factors and …/factors/{id}): for a
 * player who lost both the authenticator app and the backup codes. A factor is the TOTP secret of
 * Better Auth's two-factor plugin (one per user, with its backup codes). Removing it turns the
 * flag off and forgets the devices trusted to skip the code; sign-in then asks for the password
 * only. The routes run removals in the transaction that writes their audit entry.
 */

import { type Kysely, sql } from "kysely";
import type { AdminFactorView } from "../../../shared/admin-types";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { getUser } from "./users.service";

/**
 * The user's factors. Input: the database and the user's id. Output: AdminFactorView[] (at most
 * one: the authenticator app). Throws 404 USER_NOT_FOUND for an unknown id or a guest.
 */
export async function listFactors(db: Kysely<Database>, userId: string): Promise<AdminFactorView[]> {
  await getUser(db, userId, "all");
  const rows = await db.selectFrom("twoFactor").select(["id", "verified"]).where("userId", "=", userId).execute();
  return rows.map((r) => ({
    id: r.id,
    factorType: "totp",
    // Rows written before the plugin tracked verification count as verified (the flag was on).
    status: r.verified === null || Boolean(r.verified) ? "verified" : "unverified",
    friendlyName: "App di autenticazione",
  }));
}

/**
 * Removes the user's factors, or only `factorId` when given. Input: the transaction (or database),
 * the user's id and optionally the factor's id. Output: {email, removed} (removed = something was
 * there). Throws 404 USER_NOT_FOUND for an unknown id or a guest, 404 FACTOR_NOT_FOUND for a
 * factor id the user does not have.
 */
export async function removeFactors(trx: Kysely<Database>, userId: string, factorId?: string): Promise<{ email: string; removed: boolean }> {
  const { email } = await getUser(trx, userId);
  let deletion = trx.deleteFrom("twoFactor").where("userId", "=", userId);
  if (factorId !== undefined) deletion = deletion.where("id", "=", factorId);
  const deleted = await deletion.executeTakeFirst();
  if (factorId !== undefined && Number(deleted.numDeletedRows) === 0) {
    throw new AppError("FACTOR_NOT_FOUND", 404, "Fattore di verifica non trovato.", "Errore");
  }
  // The flag and trusted devices go once the user has no factor left.
  const left = await trx.selectFrom("twoFactor").select("id").where("userId", "=", userId).executeTakeFirst();
  if (left) return { email, removed: true };
  const flagged = await trx.updateTable("user").set({ twoFactorEnabled: sql<boolean>`false` }).where("id", "=", userId).where("twoFactorEnabled", "=", sql<boolean>`true`).executeTakeFirst();
  // The plugin's "trust this device" records hold the user id as their value.
  await trx.deleteFrom("verification").where("identifier", "like", "trust-device-%").where("value", "=", userId).execute();
  return { email, removed: Number(deleted.numDeletedRows) > 0 || Number(flagged.numUpdatedRows) > 0 };
}
