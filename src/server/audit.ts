/** Security audit log (spec §6: failed admin checks are logged; issue 6: admin changes too). */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { nowIso } from "./clock";
import type { Database } from "./db/schema";

export interface AuditEntry {
  userId: string | null;
  /** Short machine name, e.g. 'admin.denied'. */
  action: string;
  /** What was attempted (method and path, or a description). */
  detail?: string;
  /** Client address. */
  ip?: string | null;
}

/** Appends one entry to audit_log. Never throws: a logging failure must not hide the real answer. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry, log: (line: string) => void): Promise<void> {
  try {
    await db
      .insertInto("audit_log")
      .values({
        id: randomUUID(),
        user_id: entry.userId,
        action: entry.action,
        detail: entry.detail ?? null,
        ip: entry.ip ?? null,
        created_at: nowIso(),
      })
      .execute();
  } catch (error) {
    log(`audit_log non scritto (${entry.action}): ${String(error)}`);
  }
}
