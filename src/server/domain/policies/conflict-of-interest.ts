/**
 * The conflict-of-interest rule of moderation (issue 36 finding 5; DSA Art. 20(6)): nobody decides
 * the reports or the appeal of an item they wrote (authorship.ts: image owner, story owner and the
 * players who wrote in it, a template's creators and editors), whatever their role, admins
 * included; and the moderator who made a decision does not decide the appeal against it.
 *
 * Every moderation outcome goes through this module: it is the only one that closes an item's
 * open reports as decided (closeReports) and that records an appeal's outcome (closeAppeal), each
 * after checking the decider; the queue asks reportConflict / appealConflict to mark what is not
 * the viewer's to decide. conflict-of-interest.test.ts fails when any other module writes either.
 */

import type { Kysely, Selectable } from "kysely";
import type { DecisionConflict } from "../../../shared/moderation-types";
import type { ContentKind, Database, ModerationAppealsTable, ModerationDecisionsTable } from "../../platform/db/schema";
import { nowIso } from "../../platform/clock";
import { AppError } from "../../platform/errors";
import { type Authorship, authorshipOf } from "./authorship";

type Db = Kysely<Database>;

/** The decision an appeal contests, as the rule reads it. */
type Contested = Pick<Selectable<ModerationDecisionsTable>, "content_kind" | "content_id" | "author_user_id" | "moderator_id">;

/**
 * Why `deciderId` may not decide the open reports of an item: 'author' when they wrote it, else
 * null. Input: the item's Authorship (authorshipOf, read now) and the decider's user id.
 */
export function reportConflict({ writers }: Authorship, deciderId: string): Extract<DecisionConflict, "author"> | null {
  return writers.has(deciderId) ? "author" : null;
}

/**
 * Why `deciderId` may not decide an appeal against `decision`: 'author' when they wrote the item
 * (now, or as the decision and the appeal recorded it: the item may be gone), 'decided' when they
 * made the decision, else null. Input: the decider, the decision, the appeal's author.
 */
export async function appealConflict(db: Db, deciderId: string, decision: Contested, appellantId: string | null): Promise<DecisionConflict | null> {
  const authorship = await authorshipOf(db, decision.content_kind, decision.content_id);
  if (reportConflict(authorship, deciderId) || decision.author_user_id === deciderId || appellantId === deciderId) return "author";
  return decision.moderator_id === deciderId ? "decided" : null;
}

/** The error a conflict answers: 403 CONFLICT_OF_INTEREST, or 409 APPEAL_SAME_MODERATOR. */
function refusal(conflict: DecisionConflict): AppError {
  return conflict === "author" ? AppError.of("CONFLICT_OF_INTEREST", 403) : AppError.of("APPEAL_SAME_MODERATOR", 409);
}

/**
 * Closes every open report of an item as answered by decision `decisionId`, inside the decision's
 * transaction (the update takes the reports' row locks: a concurrent decision finds none).
 * Input: the decider's id, the item's kind and id, the new decision's id. Output: the closed
 * reports {source, reporter_email, created_at}[] and the item's Authorship as the rule read it.
 * Throws 403 CONFLICT_OF_INTEREST (the decider wrote the item; nothing is closed), 409
 * NOTHING_TO_DECIDE (no open report).
 */
export async function closeReports(trx: Db, deciderId: string, kind: ContentKind, contentId: string, decisionId: string) {
  const authorship = await authorshipOf(trx, kind, contentId);
  const conflict = reportConflict(authorship, deciderId);
  if (conflict) throw refusal(conflict);
  const closed = await trx
    .updateTable("content_reports")
    .set({ status: "decided", decision_id: decisionId, open_key: null, updated_at: nowIso() })
    .where("content_kind", "=", kind)
    .where("content_id", "=", contentId)
    .where("status", "=", "open")
    .returning(["id", "source", "reporter_email", "reporter_user_id", "created_at"])
    .execute();
  if (closed.length === 0) throw AppError.of("NOTHING_TO_DECIDE", 409);
  return { closed, authorship };
}

/**
 * Records the outcome of an open appeal, inside the caller's transaction. Input: the decider's
 * id, the appeal's id, the outcome and its reasons. Output: the contested decision (every
 * column). Throws 404 APPEAL_NOT_FOUND (unknown or already decided, also by a concurrent
 * moderator), 403 CONFLICT_OF_INTEREST (the decider wrote the item), 409 APPEAL_SAME_MODERATOR
 * (the decider made the decision).
 */
export async function closeAppeal(
  trx: Db,
  deciderId: string,
  appealId: string,
  outcome: Exclude<ModerationAppealsTable["status"], "open">,
  reasons: string,
): Promise<Selectable<ModerationDecisionsTable>> {
  const appeal = await trx.selectFrom("moderation_appeals").select(["decision_id", "author_user_id"]).where("id", "=", appealId).where("status", "=", "open").executeTakeFirst();
  if (!appeal) throw AppError.of("APPEAL_NOT_FOUND", 404);
  const decision = await trx.selectFrom("moderation_decisions").selectAll().where("id", "=", appeal.decision_id).executeTakeFirstOrThrow();
  const conflict = await appealConflict(trx, deciderId, decision, appeal.author_user_id);
  if (conflict) throw refusal(conflict);
  const decided = await trx
    .updateTable("moderation_appeals")
    .set({ status: outcome, outcome_reasons: reasons, decided_by: deciderId, decided_at: nowIso() })
    .where("id", "=", appealId)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (Number(decided.numUpdatedRows) === 0) throw AppError.of("APPEAL_NOT_FOUND", 404);
  return decision;
}
