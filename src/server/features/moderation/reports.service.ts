/**
 * Reports ('Segnala', issue 23; DSA Art. 16): anyone — visitors, players, admins — reports a
 * public item with a reason, an explanation (required for 'altro' and for copyright or privacy),
 * the declaration of good faith and, for visitors, an optional e-mail to hear the outcome.
 *
 * Limits (rate-limiter-flexible, on the auth limits' store: shared by every instance on
 * PostgreSQL): REPORTS_PER_ADDRESS per hour per client address (IPv6: its /64) and
 * REPORTS_PER_ACCOUNT per day per signed-in account; past them 429 REPORT_LIMIT with Retry-After.
 * A repeat report of the same item by the same person (account, else the e-mail given, else the
 * client address) while the first is still open is merged into it (repeats + 1, the latest reason
 * and explanation kept), never a second row: the unique open_key does it atomically.
 * The reporter's identity is stored for the acknowledgement and the outcome e-mails only: the
 * queue and the author never see it.
 */

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { type RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import type { ReportReceiptView, ReportTargetView } from "../../../shared/moderation-types";
import { type ContentKindName, reasonLabel, type reportSchema } from "../../../shared/schemas/moderation";
import type { z } from "zod";
import { ERRORS } from "../../../shared/errors";
import { KIND_LABELS } from "../../../shared/content-kinds";
import { appendAudit } from "../../domain/audit";
import { limiterFactory } from "../../domain/auth/limit-store";
import { nowIso } from "../../platform/clock";
import type { AppDeps } from "../../domain/context";
import type { Database } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { addressKey } from "../../domain/http/client-address";
import { findContent } from "./content";
import { AfterCommit } from "./notices";
import { mailReceipt } from "./reporter-mails";

type Db = Kysely<Database>;
type ReportData = z.output<typeof reportSchema>;

export const REPORTS_PER_ADDRESS = 10;
export const REPORTS_PER_ACCOUNT = 20;
const HOUR = 3600;
const DAY = 24 * HOUR;

interface ReportLimiters {
  address: RateLimiterAbstract;
  account: RateLimiterAbstract;
}

/** One pair of limiters per database (one per running server). */
const limitersByDb = new WeakMap<Db, ReportLimiters>();

function limitersFor(deps: Pick<AppDeps, "db" | "dialect">): ReportLimiters {
  let limiters = limitersByDb.get(deps.db);
  if (!limiters) {
    const make = limiterFactory(deps.db, deps.dialect);
    limiters = {
      address: make({ keyPrefix: "report-address", points: REPORTS_PER_ADDRESS, duration: HOUR }),
      account: make({ keyPrefix: "report-account", points: REPORTS_PER_ACCOUNT, duration: DAY }),
    };
    limitersByDb.set(deps.db, limiters);
  }
  return limiters;
}

/** 429 REPORT_LIMIT with the seconds to wait (the route sends them as Retry-After). */
export class ReportLimitError extends AppError {
  constructor(readonly retryAfter: number) {
    super("REPORT_LIMIT", 429, ERRORS.REPORT_LIMIT.message, ERRORS.REPORT_LIMIT.title);
  }
}

/** Takes one report from each limit that applies; throws 429 REPORT_LIMIT (with the seconds to wait) past one. */
async function takeReportAllowance(deps: Pick<AppDeps, "db" | "dialect">, ip: string | null, userId: string | null): Promise<void> {
  const limiters = limitersFor(deps);
  try {
    await limiters.address.consume(addressKey(ip));
    if (userId) await limiters.account.consume(userId);
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      const wait = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new ReportLimitError(wait);
    }
    throw error;
  }
}

/**
 * GET /api/reports/target/:kind/:id: the item the report page names. Output: ReportTargetView.
 * Throws 404 CONTENT_NOT_FOUND (unknown, held or a private draft scenario: not public, issue 40
 * §1; its title is never told), 410 CONTENT_REMOVED.
 */
export async function reportTarget(db: Db, kind: ContentKindName, id: string): Promise<ReportTargetView> {
  const item = await findContent(db, kind, id);
  if (!item || item.state === "held" || item.draft) throw AppError.of("CONTENT_NOT_FOUND", 404);
  if (item.state === "removed") throw AppError.of("CONTENT_REMOVED", 410);
  return { kind, id: item.id, title: item.title, path: item.path };
}

/** Who reports: the signed-in account (null for visitors), its e-mail (null for guests) and the client address. */
export interface Reporter {
  userId: string | null;
  accountEmail: string | null;
  ip: string | null;
}

/**
 * POST /api/reports. Input: deps, the validated form and the reporter. Output: the
 * acknowledgement (reference, merged, mailed, outcomeByEmail). Side effects: the report row (or
 * the merge), its audit entry, and — for a new report with an e-mail (the one given, else the
 * account's) — the acknowledgement e-mail, within the per-recipient limit and without the title
 * for an address nobody confirmed (./reporter-mails.ts, issue 36 finding 9).
 * Throws 429 REPORT_LIMIT, 404 CONTENT_NOT_FOUND, 410 CONTENT_REMOVED.
 */
export async function createReport(deps: Pick<AppDeps, "db" | "dialect" | "auth" | "mailer" | "env" | "logger">, input: ReportData, reporter: Reporter): Promise<ReportReceiptView> {
  await takeReportAllowance(deps, reporter.ip, reporter.userId);
  const target = await reportTarget(deps.db, input.kind, input.contentId);
  const email = input.email ? input.email.toLowerCase() : reporter.accountEmail;
  const who = reporter.userId ? `user:${reporter.userId}` : input.email ? `email:${input.email.toLowerCase()}` : `addr:${addressKey(reporter.ip)}`;
  const openKey = `${target.kind}:${target.id}:${who}`;
  const after = new AfterCommit();
  const receipt = await deps.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const id = randomUUID();
    const explanation = input.explanation || null;
    await trx
      .insertInto("content_reports")
      .values({
        id,
        content_kind: target.kind,
        content_id: target.id,
        source: "utente",
        reason: input.reason,
        explanation,
        good_faith: 1,
        reporter_user_id: reporter.userId,
        reporter_email: email,
        reporter_ip: reporter.ip,
        open_key: openKey,
        status: "open",
        decision_id: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column("open_key").doUpdateSet((eb) => ({
          reason: input.reason,
          explanation,
          reporter_email: email,
          updated_at: now,
          repeats: eb(eb.ref("content_reports.repeats"), "+", 1),
        })),
      )
      .execute();
    const row = await trx.selectFrom("content_reports").select("id").where("open_key", "=", openKey).executeTakeFirstOrThrow();
    const merged = row.id !== id;
    await appendAudit(
      trx,
      { id: reporter.userId, email: reporter.accountEmail, ip: reporter.ip },
      "moderation.report",
      `${KIND_LABELS[target.kind]} ${target.id} «${target.title}»: segnalazione ${row.id.slice(0, 8)}, motivo «${reasonLabel(input.reason)}»${merged ? " (ripetuta: unita alla precedente)" : ""}`,
    );
    return { reference: row.id.slice(0, 8), merged, mailed: false, outcomeByEmail: email !== null };
  });
  if (email && !receipt.merged) {
    receipt.mailed = await mailReceipt(deps, after, { email, userId: reporter.userId, reference: receipt.reference }, target, reasonLabel(input.reason));
  }
  await after.run(deps.logger);
  return receipt;
}
