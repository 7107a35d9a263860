/**
 * The audit log as admins read it, 'Registro attività' (spec §6: failed admin checks; issue 6:
 * admin changes; issue 9 finding 8: entries outlive their author, filters and keyset paging).
 */

import type { Kysely } from "kysely";
import type { AuditEntryView, AuditPage } from "../../../shared/admin-types";
import type { AdminAuditQuery } from "../../../shared/schemas/admin";
import type { Database } from "../../platform/db/schema";
import { contains } from "../../platform/db/text-search";

function auditEntries(db: Kysely<Database>) {
  return db
    .selectFrom("audit_log as a")
    .select(["a.id", "a.actor_email", "a.action", "a.detail", "a.ip", "a.created_at", "a.last_at", "a.count", "a.user_id"]);
}

function toEntry(r: Awaited<ReturnType<ReturnType<typeof auditEntries>["execute"]>>[number]): AuditEntryView {
  return {
    id: r.id,
    userEmail: r.actor_email,
    actorExists: r.user_id !== null,
    action: r.action,
    detail: r.detail,
    ip: r.ip,
    createdAt: r.created_at,
    count: Number(r.count),
    lastAt: r.last_at ?? r.created_at,
  };
}

/**
 * The newest audit entries about one user (issue 22 §10, the user page): what they did (their
 * id as actor) and what admins did to them (entries naming '(<id>)', as every admin change of a
 * user is written). Input: the user id and how many. Output: AuditEntryView[], newest first.
 */
export async function auditAbout(db: Kysely<Database>, userId: string, limit: number): Promise<AuditEntryView[]> {
  const rows = await auditEntries(db)
    .where((eb) => eb.or([eb("a.user_id", "=", userId), contains("a.detail", `(${userId})`)]))
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toEntry);
}

/**
 * One page of audit entries, newest first (created_at, then id), optionally filtered by a part
 * of the actor's e-mail (case-insensitive), an exact action and a time range [from, to).
 * Keyset paging: `cursor` is the previous page's nextCursor ('<created_at>_<id>' of its last
 * entry), so a page never repeats or skips an entry while new ones arrive. One query (limit + 1
 * rows tells whether there is a next page). Output: AuditPage.
 */
export async function listAudit(db: Kysely<Database>, query: AdminAuditQuery): Promise<AuditPage> {
  let q = auditEntries(db);
  if (query.cursor) {
    const cut = query.cursor.indexOf("_");
    const createdAt = query.cursor.slice(0, cut);
    const id = query.cursor.slice(cut + 1);
    q = q.where((eb) => eb.or([eb("a.created_at", "<", createdAt), eb.and([eb("a.created_at", "=", createdAt), eb("a.id", "<", id)])]));
  }
  if (query.actor) q = q.where(contains("a.actor_email", query.actor));
  if (query.action) q = q.where("a.action", "=", query.action);
  if (query.from) q = q.where("a.created_at", ">=", new Date(query.from).toISOString());
  if (query.to) q = q.where("a.created_at", "<", new Date(query.to).toISOString());
  const rows = await q.orderBy("a.created_at", "desc").orderBy("a.id", "desc").limit(query.limit + 1).execute();
  const page = rows.slice(0, query.limit);
  const items = page.map(toEntry);
  const last = page.at(-1);
  return { items, nextCursor: rows.length > query.limit && last ? `${last.created_at}_${last.id}` : null };
}
