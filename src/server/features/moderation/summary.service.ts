/**
 * Moderation figures (issue 23): the dashboard's open reports and median time to a decision, and
 * the monthly summary for a transparency report (DSA Art. 15 / 24): notices received (by reason
 * and by source), decisions (by action, suspensions, on automatically detected content), appeals
 * (received, upheld, reversed, open) and the median handling time, as CSV. Months are Europe/Rome
 * months; times are read bounded (the month, or the last 90 days) and counted here.
 */

import type { Kysely } from "kysely";
import { stringify } from "csv-stringify/sync";
import type { ModerationStatsView } from "../../../shared/moderation-types";
import { DECISION_ACTIONS, DECISION_LABELS, REPORT_REASONS } from "../../../shared/schemas/moderation";
import { romePeriods } from "../../platform/clock";
import type { Database } from "../../platform/db/schema";
import { countOpenItems } from "./queue.service";

type Db = Kysely<Database>;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** The median of numbers (null for none). */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Hours from the first report to the decision, one per decision that answered reports. */
function handlingHours(rows: { created_at: string; first_report_at: string | null }[]): number[] {
  return rows.filter((r) => r.first_report_at).map((r) => (new Date(r.created_at).getTime() - new Date(r.first_report_at!).getTime()) / HOUR_MS);
}

const round1 = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
const round2 = (n: number | null) => (n === null ? null : Math.round(n * 100) / 100);

/** GET /api/moderation/stats. Output: ModerationStatsView (median over the last 90 days). */
export async function moderationStats(db: Db): Promise<ModerationStatsView> {
  const now = Date.now();
  const [open, openItems, appeals, decisions] = await Promise.all([
    db.selectFrom("content_reports").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "open").executeTakeFirstOrThrow(),
    countOpenItems(db),
    db.selectFrom("moderation_appeals").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "open").executeTakeFirstOrThrow(),
    db
      .selectFrom("moderation_decisions")
      .select(["created_at", "first_report_at"])
      .where("created_at", ">=", new Date(now - 90 * DAY_MS).toISOString())
      .execute(),
  ]);
  const since30 = new Date(now - 30 * DAY_MS).toISOString();
  return {
    openReports: Number(open.n),
    openItems,
    openAppeals: Number(appeals.n),
    medianDecisionHours: round2(median(handlingHours(decisions))),
    decisionsLast30Days: decisions.filter((d) => d.created_at >= since30).length,
  };
}

/** ISO bounds a little wider than the Rome month `month` (rows are then kept by their Rome month). */
function monthWindow(month: string): { from: string; to: string } {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, m - 1, 1) - DAY_MS).toISOString(), to: new Date(Date.UTC(year, m, 1) + DAY_MS).toISOString() };
}

const inMonth = (iso: string, month: string) => romePeriods(new Date(iso)).month === month;

/**
 * GET /api/moderation/summary.csv?month=YYYY-MM: the month's figures as CSV rows
 * (sezione, voce, valore), with a header. Input: the month (Europe/Rome). Output: the CSV text.
 */
export async function monthlySummaryCsv(db: Db, month: string): Promise<string> {
  const { from, to } = monthWindow(month);
  const [reports, decisions, appeals] = await Promise.all([
    db.selectFrom("content_reports").select(["reason", "source", "repeats", "created_at"]).where("created_at", ">=", from).where("created_at", "<", to).execute(),
    db
      .selectFrom("moderation_decisions")
      .select(["action", "suspend_author", "automated_detection", "created_at", "first_report_at"])
      .where("created_at", ">=", from)
      .where("created_at", "<", to)
      .execute(),
    db.selectFrom("moderation_appeals").select(["status", "created_at", "decided_at"]).where("created_at", ">=", from).where("created_at", "<", to).execute(),
  ]);
  const notices = reports.filter((r) => inMonth(r.created_at, month));
  const fromUsers = notices.filter((r) => r.source === "utente");
  const decided = decisions.filter((d) => inMonth(d.created_at, month));
  const appealed = appeals.filter((a) => inMonth(a.created_at, month));
  const rows: (string | number)[][] = [
    ["sezione", "voce", "valore"],
    ["periodo", "mese", month],
    ["segnalazioni", "ricevute dagli utenti", fromUsers.length],
    ["segnalazioni", "ripetizioni unite", fromUsers.reduce((n, r) => n + Number(r.repeats), 0)],
    ["segnalazioni", "individuate dal controllo automatico", notices.length - fromUsers.length],
    ...REPORT_REASONS.map((reason) => ["segnalazioni per motivo", reason.label, notices.filter((r) => r.reason === reason.id).length]),
    ["decisioni", "totale", decided.length],
    ...DECISION_ACTIONS.map((action) => ["decisioni per esito", DECISION_LABELS[action], decided.filter((d) => d.action === action).length]),
    ["decisioni", "pubblicazione sospesa all'autore", decided.filter((d) => Number(d.suspend_author) === 1).length],
    ["decisioni", "su contenuti individuati dal controllo automatico", decided.filter((d) => Number(d.automated_detection) === 1).length],
    ["decisioni", "prese con strumenti automatici", 0],
    ["decisioni", "tempo mediano di gestione (ore)", round1(median(handlingHours(decided))) ?? ""],
    ["ricorsi", "ricevuti", appealed.length],
    ["ricorsi", "accolti (decisione annullata)", appealed.filter((a) => a.status === "reversed").length],
    ["ricorsi", "respinti (decisione confermata)", appealed.filter((a) => a.status === "upheld").length],
    ["ricorsi", "ancora aperti", appealed.filter((a) => a.status === "open").length],
  ];
  return stringify(rows);
}
