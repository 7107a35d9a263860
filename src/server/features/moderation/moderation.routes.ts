/**
 * Trust and safety API (issue 23).
 *
 * Anyone (visitors too; same-origin for POST):
 *   GET  /api/reports/target/:kind/:id   → 200 ReportTargetView; 404 CONTENT_NOT_FOUND; 410 CONTENT_REMOVED
 *   POST /api/reports ReportInput        → 201 ReportReceiptView (new) | 200 (merged into the same person's
 *                                          open report); 400 Italian validation text; 429 REPORT_LIMIT (Retry-After)
 * The author of the content (session required; someone else's decision → 404):
 *   GET  /api/decisions/:id              → 200 DecisionView (the statement of reasons)
 *   POST /api/decisions/:id/appeal {text} → 201 DecisionView; 409 APPEAL_EXISTS | APPEAL_NOT_ALLOWED
 * Moderators and admins only (401 visitors; 403 'Accesso negato' to everyone else, audited as the
 * admin routes' denials are):
 *   GET  /api/moderation/access          → 200 ModerationAccessView {role}
 *   GET  /api/moderation/queue           → 200 QueueView
 *   GET  /api/moderation/appeals         → 200 AppealQueueItemView[]
 *   GET  /api/moderation/stats           → 200 ModerationStatsView
 *   GET  /api/moderation/summary.csv?month=YYYY-MM → 200 text/csv attachment
 *   POST /api/moderation/items/:kind/:id/decision DecisionInput → 200 {decisionId}; 409 NOTHING_TO_DECIDE;
 *                                          403 CONFLICT_OF_INTEREST (the caller wrote the item: issue 36 finding 5)
 *   POST /api/moderation/appeals/:id/decision {outcome, reasons} → 200 {ok}; 404; 409 APPEAL_SAME_MODERATOR;
 *                                          403 CONFLICT_OF_INTEREST
 * The queue and the appeals say, per item, whether the caller may decide it (canDecide, conflict).
 * Moderators act only here: every other admin route stays admin-only (requireAdmin).
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import type { ModerationAccessView } from "../../../shared/moderation-types";
import { appealDecisionSchema, appealSchema, CONTENT_KINDS, decisionSchema, reportSchema, summaryQuerySchema } from "../../../shared/schemas/moderation";
import { auditActor } from "../../domain/auth/audit-change";
import { clientIp, currentUser, refuseAndAudit, requireUser } from "../../domain/auth/middleware";
import { moderationRole } from "../../domain/auth/roles";
import { romePeriods } from "../../platform/clock";
import type { AppEnv } from "../../domain/context";
import { requireStaffTwoFactor } from "../../domain/policies/staff-two-factor";
import { validationHook } from "../../platform/validation";
import { createAppeal, decideAppeal, decideItem, getDecision } from "./decisions.service";
import { listAppeals, listQueue, type QueueViewer } from "./queue.service";
import { createReport, ReportLimitError, reportTarget } from "./reports.service";
import { monthlySummaryCsv, moderationStats } from "./summary.service";

const kindParams = z.object({ kind: z.enum(CONTENT_KINDS), id: z.string().min(1).max(100) });

/**
 * Lets moderators and admins through; anyone else signed in gets 403 'Accesso negato', counted
 * in the audit log. An admin or moderator without two-step verification under REQUIRE_ADMIN_2FA
 * gets 403 ADMIN_2FA_REQUIRED, as in the rest of the console (issue 36 finding 15).
 */
const requireModerator = createMiddleware<AppEnv>(async (c, next) => {
  const user = currentUser(c);
  const role = await moderationRole(c.var.deps.db, user.id);
  if (!role) await refuseAndAudit(c, user);
  requireStaffTwoFactor(c.var.deps.env, user);
  await next();
});

/** The caller as the queue sees them (their id, and whether they are an admin). */
async function viewerOf(c: Context<AppEnv>): Promise<QueueViewer> {
  const id = currentUser(c).id;
  return { id, isAdmin: (await moderationRole(c.var.deps.db, id)) === "admin" };
}

/** The signed-in caller as the audit log and the decisions name them. */
const actorOf = (c: Context<AppEnv>) => ({ ...auditActor(c), id: currentUser(c).id });

export const reportsRoutes = new Hono<AppEnv>()
  .get("/target/:kind/:id", zValidator("param", kindParams, validationHook), async (c) => {
    const { kind, id } = c.req.valid("param");
    return c.json(await reportTarget(c.var.deps.db, kind, id));
  })
  .post("/", zValidator("json", reportSchema, validationHook), async (c) => {
    const user = c.var.user;
    try {
      const receipt = await createReport(c.var.deps, c.req.valid("json"), {
        userId: user?.id ?? null,
        accountEmail: user && !user.isAnonymous ? user.email : null,
        ip: clientIp(c),
      });
      return c.json(receipt, receipt.merged ? 200 : 201);
    } catch (error) {
      if (error instanceof ReportLimitError) c.header("Retry-After", String(error.retryAfter));
      throw error;
    }
  });

export const decisionsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/:id", async (c) => c.json(await getDecision(c.var.deps.db, currentUser(c).id, c.req.param("id"))))
  .post("/:id/appeal", zValidator("json", appealSchema, validationHook), async (c) =>
    c.json(await createAppeal(c.var.deps.db, actorOf(c), c.req.param("id"), c.req.valid("json").text), 201),
  );

export const moderationRoutes = new Hono<AppEnv>()
  .use(requireUser, requireModerator)
  .get("/access", async (c) => c.json({ role: (await viewerOf(c)).isAdmin ? "admin" : "moderator" } satisfies ModerationAccessView))
  .get("/queue", async (c) => c.json(await listQueue(c.var.deps.db, await viewerOf(c))))
  .get("/appeals", async (c) => c.json(await listAppeals(c.var.deps.db, await viewerOf(c))))
  .get("/stats", async (c) => c.json(await moderationStats(c.var.deps.db)))
  .get("/summary.csv", zValidator("query", summaryQuerySchema, validationHook), async (c) => {
    const month = c.req.valid("query").month ?? romePeriods().month;
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="moderazione-${month}.csv"`);
    c.header("Cache-Control", "no-store");
    return c.body(await monthlySummaryCsv(c.var.deps.db, month));
  })
  .post("/items/:kind/:id/decision", zValidator("param", kindParams, validationHook), zValidator("json", decisionSchema, validationHook), async (c) => {
    const { kind, id } = c.req.valid("param");
    return c.json(await decideItem(c.var.deps, actorOf(c), kind, id, c.req.valid("json")));
  })
  .post("/appeals/:id/decision", zValidator("json", appealDecisionSchema, validationHook), async (c) => {
    await decideAppeal(c.var.deps, actorOf(c), c.req.param("id"), c.req.valid("json"));
    return c.json({ ok: true as const });
  });
