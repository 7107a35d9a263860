/**
 * Admin area (spec §2 guards, §6). Every route here is behind requireAdmin: the admin row in
 * user_roles is checked on every request and a failed check is audit-logged.
 *
 * GET /api/admin/check → 200 {ok: true} for admins; 401 visitors; 403 'Accesso negato' others.
 */

import { Hono } from "hono";
import { requireAdmin, requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";

export const adminRoutes = new Hono<AppEnv>()
  .use(requireUser, requireAdmin)
  .get("/check", (c) => c.json({ ok: true }));
