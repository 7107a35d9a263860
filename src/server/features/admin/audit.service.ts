/** The security audit log as admins read it (spec §6: failed admin checks; issue 6: admin changes). */

import type { Kysely } from "kysely";
import type { AuditEntryView, Page } from "../../../shared/admin-types";
import type { AdminListQuery } from "../../../shared/schemas/admin";
import type { Database } from "../../db/schema";
import { offsetOf } from "./admin-shared";

/** One page of audit entries, newest first, with the e-mail of who acted (null when unknown). Two queries. */
export async function listAudit(db: Kysely<Database>, query: AdminListQuery): Promise<Page<AuditEntryView>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("audit_log as a")
      .leftJoin("profiles as p", "p.id", "a.user_id")
      .select(["a.id", "a.action", "a.detail", "a.ip", "a.created_at", "p.email"])
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize))
      .execute(),
    db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({ id: r.id, userEmail: r.email, action: r.action, detail: r.detail, ip: r.ip, createdAt: r.created_at })),
    total: Number(count.n),
    page: query.page,
    pageSize: query.pageSize,
  };
}
