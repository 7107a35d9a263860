/**
 * 'Utilizzo AI' (issue 20 §4), behind requireUser + requireAdmin like every admin route (a failed
 * check is audit-logged; REQUIRE_ADMIN_2FA applies):
 *
 * GET /api/admin/usage?from=YYYY-MM-DD&to=YYYY-MM-DD → 200 AiUsageView (Rome days, both included;
 *     default the last 30 days); 400 with an Italian message for a malformed date, a reversed
 *     range or one longer than 366 days.
 */

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { aiUsageQuerySchema } from "../../../shared/ai-usage";
import { requireAdmin, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { validationHook } from "../../platform/validation";
import { usageReport } from "./ai-usage.service";

export const adminUsageRoutes = new Hono<AppEnv>()
  .use(requireUser, requireAdmin)
  .get("/", zValidator("query", aiUsageQuerySchema, validationHook), async (c) => {
    const { db, env } = c.var.deps;
    return c.json(await usageReport(db, env, c.req.valid("query")));
  });
