/**
 * Security audit log (spec §6: failed admin checks are logged; issue 6: admin changes too;
 * issue 9 finding 8: entries outlive their author and denied calls are counted, not repeated).
 */

import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import { nowIso } from "../platform/clock";
import type { AuditAction } from "../../shared/audit-actions";
import type { Database } from "../platform/db/schema";
import type { Logger } from "../platform/ops/logger";

/** Who did something: the account (null when unknown), its e-mail at the time, the client address. */
export interface AuditActor {
  id: string | null;
  email: string | null;
  ip: string | null;
}

/**
 * Appends one entry in `db`, which may be the transaction of the change it records, so the
 * entry and the change commit or fail together. Input: the actor, the action (one of
 * AUDIT_ACTION_LABELS: 'admin.user.update', labelled 'Utente modificato'), and a description in
 * Italian as an admin reads it (names and dates in Italian, never raw JSON; issue 39). Throws when the insert fails (rolling back the
 * surrounding transaction).
 */
export async function appendAudit(db: Kysely<Database>, actor: AuditActor, action: AuditAction, detail: string | null): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("audit_log")
    .values({ id: randomUUID(), user_id: actor.id, actor_email: actor.email, action, detail, ip: actor.ip, created_at: now, last_at: now })
    .execute();
}

/** The hour an instant falls in, as the merge bucket of counted entries ('2026-11-23T07'). */
function hourOf(iso: string): string {
  return iso.slice(0, 13);
}

/**
 * Counts one occurrence of a repeated event (a denied admin call): one row per actor, action,
 * `what` (a bounded description, e.g. 'GET /api/admin/users/:id') and hour; the first call
 * inserts it, every further call adds 1 to `count` and moves `last_at` in the same statement
 * (INSERT … ON CONFLICT (dedupe_key) DO UPDATE), so parallel calls never lose a count or add
 * a row. Never throws: a logging failure must not hide the real answer (it is logged instead).
 */
export async function countAudit(
  db: Kysely<Database>,
  actor: AuditActor,
  action: AuditAction,
  what: string,
  logger: Logger,
): Promise<void> {
  const now = nowIso();
  const key = JSON.stringify([actor.id, action, what, hourOf(now)]);
  try {
    await db
      .insertInto("audit_log")
      .values({ id: randomUUID(), user_id: actor.id, actor_email: actor.email, action, detail: what, ip: actor.ip, created_at: now, last_at: now, dedupe_key: key })
      .onConflict((oc) =>
        oc.column("dedupe_key").doUpdateSet({
          count: sql<number>`${sql.ref("audit_log.count")} + 1`,
          last_at: now,
          ip: actor.ip,
        }),
      )
      .execute();
  } catch (error) {
    logger.error({ err: error, action }, "audit_log non scritto");
  }
}
