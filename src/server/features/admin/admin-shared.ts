/** Helpers shared by the admin routes: paging, the actor's audit entries, Rome's day start. */

import type { Context } from "hono";
import { writeAudit } from "../../audit";
import { clientIp, currentUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";

/** OFFSET of a 1-based page. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/**
 * Writes an admin change to the audit log (issue 6: user edits, deletions, prompt edits, orders):
 * who (the signed-in admin), what (`action`, `detail`), when, from which address.
 */
export function auditAdminChange(c: Context<AppEnv>, action: string, detail: string): Promise<void> {
  return writeAudit(c.var.deps.db, { userId: currentUser(c).id, action, detail, ip: clientIp(c) }, c.var.deps.log);
}

/** Escapes % _ and \ for a LIKE pattern used with ESCAPE '\'. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Anything a driver returns for a timestamp (Date on PostgreSQL, text or number on SQLite) as ISO text. */
export function toIso(value: Date | string | number): string {
  return new Date(value).toISOString();
}
