/** Roles (spec §6): admin is a user with an admin row in user_roles; roles live there only. */

import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** True when the user holds an admin row in user_roles. Checked on every request that needs it. */
export async function isAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user_roles").select("id").where("user_id", "=", userId).where("role", "=", "admin").executeTakeFirst();
  return Boolean(row);
}
