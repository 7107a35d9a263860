/** Roles (spec §6): admin is a user with an admin row in user_roles; roles live there only. */

import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema";

/** True when the user holds an admin row in user_roles. Checked on every request that needs it. */
export async function isAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user_roles").select("id").where("user_id", "=", userId).where("role", "=", "admin").executeTakeFirst();
  return Boolean(row);
}

/**
 * The user's powers in the moderation queue (issue 23: the spec's `moderator` role; admins have
 * them too): 'admin', 'moderator' or null. One indexed read of the user's role rows.
 */
export async function moderationRole(db: Kysely<Database>, userId: string): Promise<"admin" | "moderator" | null> {
  const rows = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).where("role", "in", ["admin", "moderator"]).execute();
  if (rows.some((r) => r.role === "admin")) return "admin";
  return rows.length > 0 ? "moderator" : null;
}
