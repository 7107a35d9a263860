/**
 * 'Segnalazioni', the moderation queue (issue 23): the open reports grouped by item, the item with
 * the oldest open report first, each with its content in place, its author (nickname; for admins
 * also the account's e-mail and a link to it on /admin/users), the earlier decisions on the same
 * author, and the reports themselves (reason, explanation, repeats, date — never who sent them).
 * Also the open appeals, each with its decision and content. Every item and appeal says whether
 * the viewer may decide it (policies/conflict-of-interest.ts, issue 36 finding 5: not what they
 * wrote, not an appeal against their own decision). Reads are bounded: QUEUE_ITEMS items,
 * APPEAL_ITEMS appeals, EARLIER_DECISIONS per author.
 */

import type { Kysely } from "kysely";
import type { AppealQueueItemView, EarlierDecisionView, QueueItemView, QueueReportView, QueueView } from "../../../shared/moderation-types";
import { reasonLabel } from "../../../shared/schemas/moderation";
import type { Database } from "../../platform/db/schema";
import { authorshipOf } from "../../domain/policies/authorship";
import { appealConflict, reportConflict } from "../../domain/policies/conflict-of-interest";
import { contentPreview, findContent, isPublishingSuspended } from "./content";
import { decisionSummary } from "./decisions.service";

type Db = Kysely<Database>;

export const QUEUE_ITEMS = 30;
export const APPEAL_ITEMS = 30;
const EARLIER_DECISIONS = 5;

/** Who looks at the queue: their id (what they may not decide is marked) and whether they are an admin. */
export interface QueueViewer {
  id: string;
  isAdmin: boolean;
}

async function authorOf(db: Db, authorId: string | null, viewer: QueueViewer): Promise<QueueItemView["author"]> {
  if (!authorId) return null;
  const row = await db
    .selectFrom("user as u")
    .leftJoin("profiles as p", "p.id", "u.id")
    .select(["p.nickname", "u.email", "u.isAnonymous"])
    .where("u.id", "=", authorId)
    .executeTakeFirst();
  if (!row) return null;
  const email = viewer.isAdmin && !row.isAnonymous ? row.email : null;
  return {
    nickname: row.nickname ?? null,
    email,
    accountPath: viewer.isAdmin ? `/admin/users/${encodeURIComponent(authorId)}` : null,
    suspended: await isPublishingSuspended(db, authorId),
  };
}

async function earlierDecisions(db: Db, authorId: string | null): Promise<EarlierDecisionView[]> {
  if (!authorId) return [];
  const rows = await db
    .selectFrom("moderation_decisions")
    .select(["id", "action", "suspend_author", "content_kind", "content_title", "ground", "created_at"])
    .where("author_user_id", "=", authorId)
    .orderBy("created_at", "desc")
    .limit(EARLIER_DECISIONS)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    suspendAuthor: Number(r.suspend_author) === 1,
    contentKind: r.content_kind,
    contentTitle: r.content_title,
    ground: r.ground,
    createdAt: r.created_at,
  }));
}

/**
 * GET /api/moderation/queue. Input: the viewer. Output: QueueView (at most QUEUE_ITEMS items,
 * oldest open report first, each with canDecide / conflict for the viewer, and how many more wait).
 */
export async function listQueue(db: Db, viewer: QueueViewer): Promise<QueueView> {
  const groups = await db
    .selectFrom("content_reports")
    .select(["content_kind", "content_id", (eb) => eb.fn.min<string>("created_at").as("first_at")])
    .where("status", "=", "open")
    .groupBy(["content_kind", "content_id"])
    .orderBy("first_at")
    .orderBy("content_id")
    .limit(QUEUE_ITEMS + 1)
    .execute();
  const total = await countOpenItems(db);
  const items: QueueItemView[] = [];
  for (const group of groups.slice(0, QUEUE_ITEMS)) {
    const item = await findContent(db, group.content_kind, group.content_id);
    const authorship = await authorshipOf(db, group.content_kind, group.content_id);
    const conflict = reportConflict(authorship, viewer.id);
    const reports = await db
      .selectFrom("content_reports")
      .select(["id", "source", "reason", "explanation", "repeats", "created_at"])
      .where("content_kind", "=", group.content_kind)
      .where("content_id", "=", group.content_id)
      .where("status", "=", "open")
      .orderBy("created_at")
      .execute();
    items.push({
      kind: group.content_kind,
      id: group.content_id,
      state: item?.state ?? "removed",
      content: item ? await contentPreview(db, item) : null,
      author: await authorOf(db, authorship.owner, viewer),
      earlierDecisions: await earlierDecisions(db, authorship.owner),
      reports: reports.map(
        (r): QueueReportView => ({
          id: r.id,
          source: r.source,
          reason: r.reason,
          reasonLabel: reasonLabel(r.reason),
          explanation: r.explanation,
          repeats: Number(r.repeats),
          createdAt: r.created_at,
        }),
      ),
      firstReportAt: group.first_at,
      canDecide: conflict === null,
      conflict,
    });
  }
  return { items, more: Math.max(0, total - items.length) };
}

/** Items with at least one open report. */
export async function countOpenItems(db: Db): Promise<number> {
  const openItems = db.selectFrom("content_reports").select("content_kind").where("status", "=", "open").groupBy(["content_kind", "content_id"]);
  const row = await db.selectFrom(openItems.as("g")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * GET /api/moderation/appeals: open appeals, oldest first (at most APPEAL_ITEMS), with their
 * decision, the content and whether the viewer may decide them (not their own decision, not an
 * item they wrote).
 */
export async function listAppeals(db: Db, viewer: QueueViewer): Promise<AppealQueueItemView[]> {
  const rows = await db
    .selectFrom("moderation_appeals as a")
    .innerJoin("moderation_decisions as d", "d.id", "a.decision_id")
    .leftJoin("profiles as p", "p.id", "d.moderator_id")
    .selectAll("d")
    .select(["a.id as appeal_id", "a.text as appeal_text", "a.created_at as appealed_at", "a.author_user_id as appellant_id", "p.nickname"])
    .where("a.status", "=", "open")
    .orderBy("a.created_at")
    .limit(APPEAL_ITEMS)
    .execute();
  const appeals: AppealQueueItemView[] = [];
  for (const r of rows) {
    const item = await findContent(db, r.content_kind, r.content_id);
    const conflict = await appealConflict(db, viewer.id, r, r.appellant_id);
    appeals.push({
      id: r.appeal_id,
      text: r.appeal_text,
      createdAt: r.appealed_at,
      decision: { ...decisionSummary(r), moderatorNickname: r.nickname ?? null },
      content: item ? await contentPreview(db, item) : null,
      canDecide: conflict === null,
      conflict,
    });
  }
  return appeals;
}
