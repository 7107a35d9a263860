/**
 * Decisions and appeals (issue 23; DSA Art. 17 statement of reasons, Art. 20 internal complaints).
 *
 * A moderator (or an admin) decides an item with open reports: keep, restrict (out of the gallery
 * and Scopri, its link still works) or remove (no longer public: 410); with restrict or remove
 * the author's publishing can also be suspended (repeated abuse). The decision closes every open
 * report of the item, records its statement of reasons (ground type and ground, facts, whether
 * the item was found by automatic screening — the decision itself is always a person's) and is
 * audited. The author receives the statement in the bell and by e-mail with a link to
 * /decisioni/{id}, where 'Contesta la decisione' opens one appeal (within APPEAL_DAYS). The
 * reporters who left an e-mail receive the outcome (never the author's identity). An appeal is
 * decided by a moderator other than the one who decided (admins included); reversing it undoes
 * exactly what the decision changed (decision-effects.ts). Nobody decides the reports or the
 * appeal of an item they wrote (policies/conflict-of-interest.ts, issue 36 finding 5): that module
 * closes the reports and records the appeal's outcome. Everything happens in one transaction per
 * action; notifications leave once it commits.
 */

import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DecisionView } from "../../../shared/moderation-types";
import {
  type AppealDecisionInput,
  DECISION_LABELS,
  type decisionSchema,
  type ContentKindName,
  KIND_LABELS,
} from "../../../shared/schemas/moderation";
import type { z } from "zod";
import { appendAudit, type AuditActor } from "../../domain/audit";
import { nowIso } from "../../platform/clock";
import type { Database, ModerationDecisionsTable } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { closeAppeal, closeReports } from "../../domain/policies/conflict-of-interest";
import { findContent, setContentState } from "./content";
import { changesOf, stateAfter, type Undone, undoDecision } from "./decision-effects";
import { AfterCommit, type NoticeDeps, notifyUser } from "./notices";
import { mailOutcomes } from "./reporter-mails";
import { publishSitemapChanged } from "../../platform/realtime/live-events";

type Db = Kysely<Database>;
type DecisionData = z.output<typeof decisionSchema>;

/** How long after a decision its author may contest it (DSA Art. 20(1): at least six months). */
export const APPEAL_DAYS = 183;

/** The author's page of a decision. */
export const decisionPath = (id: string) => `/decisioni/${encodeURIComponent(id)}`;

/** The statement of reasons as text (bell and e-mail). */
function statementText(d: Pick<Selectable<ModerationDecisionsTable>, "content_kind" | "content_title" | "action" | "suspend_author" | "ground_type" | "ground" | "facts" | "automated_detection">): string {
  const lines = [
    `Decisione su ${KIND_LABELS[d.content_kind].toLowerCase()} «${d.content_title}»: ${DECISION_LABELS[d.action]}.`,
    d.suspend_author ? "Inoltre la possibilità di pubblicare nuovi contenuti è sospesa per il tuo account." : "",
    d.ground ? `Motivo: ${d.ground_type === "legge" ? "contenuto illegale" : "contrario alle regole del sito"} — ${d.ground}.` : "",
    d.facts ? `Fatti: ${d.facts}` : "",
    Number(d.automated_detection) === 1
      ? "Il contenuto è stato individuato dal controllo automatico; la decisione è stata presa da un moderatore."
      : "Il contenuto è stato segnalato; la decisione è stata presa da un moderatore, senza strumenti automatici.",
    "Se non sei d'accordo puoi contestare la decisione dalla pagina della decisione: la esaminerà un moderatore diverso.",
  ];
  return lines.filter(Boolean).join("\n");
}

/**
 * POST /api/moderation/items/:kind/:id/decision. Input: deps, the moderator (audit actor), the
 * item and the validated decision. Output: {decisionId}. Throws 403 CONFLICT_OF_INTEREST when the
 * moderator wrote the item, 409 NOTHING_TO_DECIDE when it has no open report (already decided,
 * also by a concurrent moderator).
 */
export async function decideItem(deps: NoticeDeps, moderator: AuditActor & { id: string }, kind: ContentKindName, contentId: string, input: DecisionData): Promise<{ decisionId: string }> {
  const after = new AfterCommit();
  const result = await deps.db.transaction().execute(async (trx) => {
    const decisionId = randomUUID();
    const { closed, authorship } = await closeReports(trx, moderator.id, kind, contentId, decisionId);
    const item = await findContent(trx, kind, contentId);
    const authorId = authorship.owner;
    const firstReportAt = closed.map((r) => r.created_at).sort()[0]!;
    const decision = {
      id: decisionId,
      content_kind: kind,
      content_id: contentId,
      content_title: item?.title ?? "contenuto eliminato",
      author_user_id: authorId,
      moderator_id: moderator.id,
      action: input.action,
      suspend_author: input.suspendAuthor && authorId ? 1 : 0,
      ground_type: input.action === "keep" ? null : (input.groundType ?? null),
      ground: input.ground || null,
      facts: input.facts || null,
      automated_detection: closed.some((r) => r.source === "screening") ? 1 : 0,
      automated_decision: 0,
      first_report_at: firstReportAt,
      created_at: nowIso(),
      ...changesOf(item, input.action),
    };
    await trx.insertInto("moderation_decisions").values(decision).execute();
    if (item) {
      await setContentState(trx, item, stateAfter(input.action, item.state), moderator.id);
      // What is public changed: every instance rebuilds its sitemap (issue 19).
      after.add("mappa del sito", () => publishSitemapChanged(deps.bus));
    }
    if (decision.suspend_author && authorId) {
      await trx
        .insertInto("publishing_suspensions")
        .values({ user_id: authorId, decision_id: decisionId, created_at: decision.created_at })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
    }
    await appendAudit(
      trx,
      moderator,
      "moderation.decision",
      `${KIND_LABELS[kind]} ${contentId} «${decision.content_title}»: ${DECISION_LABELS[input.action]}${decision.suspend_author ? ", pubblicazione sospesa all'autore" : ""} (${closed.length} segnalazioni; decisione ${decisionId})`,
    );
    // The author hears of restrictions and removals, and of a held item being published.
    if (authorId && item && (input.action !== "keep" || item.state === "held")) {
      const kept = input.action === "keep";
      await notifyUser(deps, trx, after, authorId, {
        title: kept ? "Contenuto pubblicato" : "Decisione di moderazione",
        content: kept ? `Un moderatore ha esaminato «${decision.content_title}»: non viola le regole ed è di nuovo pubblico.` : statementText(decision),
        url: kept ? null : decisionPath(decisionId),
        mailSubject: kept ? `Il tuo contenuto è pubblicato su ${deps.env.BRAND_NAME}.ai` : `Decisione di moderazione su ${deps.env.BRAND_NAME}.ai`,
      });
    }
    // The reporters who left an address hear the outcome, in the site's own words (issue 36 finding 9).
    const recipients = closed.flatMap((r) => (r.source === "utente" && r.reporter_email ? [{ email: r.reporter_email, userId: r.reporter_user_id, reference: r.id.slice(0, 8) }] : []));
    await mailOutcomes(deps, trx, after, recipients, { kind, title: decision.content_title }, { action: input.action, facts: decision.facts });
    return { decisionId };
  });
  await after.run(deps.logger);
  return result;
}

/** A decision's statement of reasons as the views show it (without the appeal). */
export function decisionSummary(d: Selectable<ModerationDecisionsTable>) {
  return {
    id: d.id,
    contentKind: d.content_kind,
    contentTitle: d.content_title,
    action: d.action,
    suspendAuthor: Number(d.suspend_author) === 1,
    groundType: d.ground_type,
    ground: d.ground,
    facts: d.facts,
    automatedDetection: Number(d.automated_detection) === 1,
    automatedDecision: Number(d.automated_decision) === 1,
    createdAt: d.created_at,
  };
}

function toDecisionView(d: Selectable<ModerationDecisionsTable>, appeal: Selectable<Database["moderation_appeals"]> | undefined): DecisionView {
  const age = Date.now() - new Date(d.created_at).getTime();
  return {
    ...decisionSummary(d),
    actionLabel: DECISION_LABELS[d.action],
    appeal: appeal
      ? { text: appeal.text, status: appeal.status, outcomeReasons: appeal.outcome_reasons, createdAt: appeal.created_at, decidedAt: appeal.decided_at }
      : null,
    canAppeal: !appeal && d.action !== "keep" && age < APPEAL_DAYS * 24 * 3600 * 1000,
  };
}

/** The decision of `id` about content of `userId`; throws 404 DECISION_NOT_FOUND otherwise (authorisation in the query). */
async function authorsDecision(db: Db, userId: string, id: string) {
  const decision = await db.selectFrom("moderation_decisions").selectAll().where("id", "=", id).where("author_user_id", "=", userId).executeTakeFirst();
  if (!decision) throw AppError.of("DECISION_NOT_FOUND", 404);
  return decision;
}

/**
 * GET /api/decisions/:id: the statement of reasons for its author. Never names the reporters or
 * the moderator. Throws 404 DECISION_NOT_FOUND for anyone else's decision.
 */
export async function getDecision(db: Db, userId: string, id: string): Promise<DecisionView> {
  const decision = await authorsDecision(db, userId, id);
  const appeal = await db.selectFrom("moderation_appeals").selectAll().where("decision_id", "=", id).executeTakeFirst();
  return toDecisionView(decision, appeal);
}

/**
 * POST /api/decisions/:id/appeal ('Contesta la decisione'). Input: deps, the author (audit actor),
 * the decision id and the author's text. Output: the updated DecisionView. Throws 404
 * DECISION_NOT_FOUND, 409 APPEAL_NOT_ALLOWED (a 'keep' decision, or past APPEAL_DAYS), 409
 * APPEAL_EXISTS (one appeal per decision, also under concurrent requests).
 */
export async function createAppeal(db: Db, author: AuditActor & { id: string }, id: string, text: string): Promise<DecisionView> {
  return db.transaction().execute(async (trx) => {
    const decision = await authorsDecision(trx, author.id, id);
    const existing = await trx.selectFrom("moderation_appeals").select("id").where("decision_id", "=", id).executeTakeFirst();
    if (existing) throw AppError.of("APPEAL_EXISTS", 409);
    if (!toDecisionView(decision, undefined).canAppeal) throw AppError.of("APPEAL_NOT_ALLOWED", 409);
    const inserted = await trx
      .insertInto("moderation_appeals")
      .values({ id: randomUUID(), decision_id: id, author_user_id: author.id, text, status: "open", outcome_reasons: null, decided_by: null, decided_at: null, created_at: nowIso() })
      .onConflict((oc) => oc.column("decision_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw AppError.of("APPEAL_EXISTS", 409);
    await appendAudit(trx, author, "moderation.appeal", `decisione ${id} «${decision.content_title}» contestata dall'autore`);
    const appeal = await trx.selectFrom("moderation_appeals").selectAll().where("decision_id", "=", id).executeTakeFirstOrThrow();
    return toDecisionView(decision, appeal);
  });
}

/** The appeal's outcome as its author reads it, by what the reversal did to the item. */
const REVERSAL_OUTCOMES: Record<Undone, string> = {
  restored: "l'ha accolta, la decisione è annullata e il contenuto è di nuovo pubblico.",
  "later-stands": "l'ha accolta e la decisione è annullata, ma sul contenuto resta valido un esame successivo dei moderatori.",
  gone: "l'ha accolta e la decisione è annullata.",
};

/**
 * POST /api/moderation/appeals/:id/decision. Input: deps, the moderator, the appeal id and
 * {outcome, reasons}. 'reversed' undoes exactly what the decision changed (decision-effects.ts:
 * the item's state and a story's place in the gallery, unless a later decision stands; the
 * suspension it imposed); 'upheld' keeps the decision. The author receives the outcome in the
 * bell and by e-mail. Throws 404 APPEAL_NOT_FOUND (unknown or already decided), 403
 * CONFLICT_OF_INTEREST (the caller wrote the item), 409 APPEAL_SAME_MODERATOR (the caller made
 * the decision).
 */
export async function decideAppeal(deps: NoticeDeps, moderator: AuditActor & { id: string }, appealId: string, input: AppealDecisionInput): Promise<void> {
  const after = new AfterCommit();
  await deps.db.transaction().execute(async (trx) => {
    const decision = await closeAppeal(trx, moderator.id, appealId, input.outcome, input.reasons);
    const reversed = input.outcome === "reversed";
    const undone = reversed ? await undoDecision(trx, decision) : null;
    // What is public changed: every instance rebuilds its sitemap (issue 19).
    if (undone === "restored") after.add("mappa del sito", () => publishSitemapChanged(deps.bus));
    await appendAudit(trx, moderator, "moderation.appeal.decision", `ricorso ${appealId} sulla decisione ${decision.id} «${decision.content_title}»: ${reversed ? "accolto, decisione annullata" : "respinto, decisione confermata"}`);
    if (decision.author_user_id) {
      const outcome = undone ? REVERSAL_OUTCOMES[undone] : "l'ha respinta, la decisione resta valida.";
      await notifyUser(deps, trx, after, decision.author_user_id, {
        title: reversed ? "Ricorso accolto" : "Ricorso respinto",
        content: `Un moderatore diverso ha esaminato il tuo ricorso su «${decision.content_title}»: ${outcome}\nMotivazione: ${input.reasons}`,
        url: decisionPath(decision.id),
        mailSubject: `Esito del tuo ricorso su ${deps.env.BRAND_NAME}.ai`,
      });
    }
  });
  await after.run(deps.logger);
}
