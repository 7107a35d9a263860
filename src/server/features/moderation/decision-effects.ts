/**
 * What a moderation decision changes, and how a reversal undoes exactly that (issue 36 finding
 * 19). A decision records the item's state before it (state_before) and, when it took a story out
 * of 'Storie condivise', its 'listed' before (listed_before); a suspension it imposed names it
 * (publishing_suspensions.decision_id). Reversing it (an appeal upheld for the author):
 * - gives the item back its state before (held comes back visible: the appeal's moderator has
 *   reviewed it) and a story its 'listed', unless something later stands on the item: a later
 *   decision other than 'keep' that was not reversed, or a new state (a screening hold, an
 *   admin's takedown). Later decisions that stood on this one's outcome now stand on what was
 *   before it, so reversing them later gives back the right state;
 * - lifts the suspension it imposed, unless another standing decision also suspended the author
 *   (the suspension then belongs to that one).
 */

import type { Kysely, Selectable } from "kysely";
import type { Database, ModerationDecisionsTable, ModerationState } from "../../platform/db/schema";
import { type ContentItem, findContent, setContentState } from "./content";

type Db = Kysely<Database>;
type Decision = Selectable<ModerationDecisionsTable>;

/** The state an item takes after a decision, from its state before. */
export function stateAfter(action: Decision["action"], before: ModerationState): ModerationState {
  if (action === "remove") return "removed";
  if (action === "restrict") return "restricted";
  return before === "held" ? "visible" : before;
}

/** The columns a new decision records about what it changes (null item: it no longer exists). */
export function changesOf(item: ContentItem | null, action: Decision["action"]): Pick<Decision, "state_before" | "listed_before"> {
  const clearsListed = action === "remove" && item?.listed !== undefined;
  return { state_before: item?.state ?? null, listed_before: clearsListed ? (item?.listed ? 1 : 0) : null };
}

/** Decisions not reversed by an appeal, with every column of the decision (alias d). */
function standingDecisions(db: Db) {
  return db
    .selectFrom("moderation_decisions as d")
    .leftJoin("moderation_appeals as a", "a.decision_id", "d.id")
    .where((eb) => eb.or([eb("a.status", "is", null), eb("a.status", "!=", "reversed")]));
}

/** What a reversal did to the item: put it back as before; left it under something later that stands; nothing (it no longer exists). */
export type Undone = "restored" | "later-stands" | "gone";

/** Undoes `decision` (its appeal was just reversed, in this transaction). Output: what became of the item. */
export async function undoDecision(trx: Db, decision: Decision): Promise<Undone> {
  const leftAs = stateAfter(decision.action, decision.state_before ?? "visible");
  const before = decision.state_before === null || decision.state_before === "held" ? "visible" : decision.state_before;
  await trx
    .updateTable("moderation_decisions")
    .set({ state_before: before })
    .where("content_kind", "=", decision.content_kind)
    .where("content_id", "=", decision.content_id)
    .where("created_at", ">", decision.created_at)
    .where("state_before", "=", leftAs)
    .execute();
  await liftSuspension(trx, decision);

  const item = await findContent(trx, decision.content_kind, decision.content_id);
  if (!item) return "gone";
  if (item.state !== leftAs) return "later-stands";
  const laterStanding = await standingDecisions(trx)
    .select("d.id")
    .where("d.content_kind", "=", decision.content_kind)
    .where("d.content_id", "=", decision.content_id)
    .where("d.created_at", ">", decision.created_at)
    .where("d.action", "!=", "keep")
    .executeTakeFirst();
  if (laterStanding) return "later-stands";
  await setContentState(trx, item, before, null, decision.listed_before === null ? undefined : decision.listed_before === 1);
  return "restored";
}

/** Lifts the suspension `decision` imposed, or hands it to another standing decision that suspended the same author. */
async function liftSuspension(trx: Db, decision: Decision): Promise<void> {
  if (!decision.author_user_id) return;
  const other = await standingDecisions(trx)
    .select("d.id")
    .where("d.author_user_id", "=", decision.author_user_id)
    .where("d.suspend_author", "=", 1)
    .where("d.id", "!=", decision.id)
    .orderBy("d.created_at", "desc")
    .executeTakeFirst();
  if (other) {
    await trx.updateTable("publishing_suspensions").set({ decision_id: other.id }).where("user_id", "=", decision.author_user_id).where("decision_id", "=", decision.id).execute();
  } else {
    await trx.deleteFrom("publishing_suspensions").where("user_id", "=", decision.author_user_id).where("decision_id", "=", decision.id).execute();
  }
}
