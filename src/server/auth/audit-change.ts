/** Audit entries for admin changes made through the API (issue 6: admin actions that change data are logged). */

import type { Context } from "hono";
import { writeAudit } from "../audit";
import type { AppEnv } from "../context";
import { clientIp, currentUser } from "./middleware";

/**
 * Writes who (the signed-in admin), what (`action`, `detail`), when and from which address.
 * Never throws (writeAudit logs its own failures).
 */
export function auditAdminChange(c: Context<AppEnv>, action: string, detail: string): Promise<void> {
  return writeAudit(c.var.deps.db, { userId: currentUser(c).id, action, detail, ip: clientIp(c) }, c.var.deps.log);
}
