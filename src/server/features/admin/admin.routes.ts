/**
 * Admin API (spec §2 Admin screens and guards, §6, §7, §8 Admin; issue 6). Every route here is
 * behind requireUser + requireAdmin: the admin row in user_roles is checked on every request and
 * a failed check is audit-logged. Visitors get 401, signed-in non-admins 403 'Accesso negato' /
 * 'Non hai i permessi per accedere a questa pagina'. Changes are written to the audit log.
 *
 * GET    /api/admin/check                       → 200 {ok: true}
 * GET    /api/admin/stats                       → 200 AdminStatsView
 * GET    /api/admin/audit?page&pageSize         → 200 Page<AuditEntryView>
 * GET    /api/admin/users?page&pageSize&search  → 200 Page<AdminUserView>
 * POST   /api/admin/users {email, role, plan}   → 201 AdminUserView; set-password e-mail sent; 409 e-mail taken
 * PUT    /api/admin/users/:id {email, role, plan} → 200 AdminUserView; 404; 409; 400 own admin role
 * DELETE /api/admin/users/:id                   → 200 {ok: true}; 404; 400 own account
 * GET    /api/admin/games?page&pageSize         → 200 Page<AdminGameView> (pageSize 10|20|50|100)
 * GET    /api/admin/games/:id/messages          → 200 AdminChatHistoryView; 404
 * GET    /api/admin/orders?page&pageSize        → 200 Page<AdminOrderView>
 * POST   /api/admin/orders {userEmail, subscriptionType, amount, status} → 201 {order, plan}; 404 unknown e-mail
 * PATCH  /api/admin/orders/:id {status}         → 200 {ok: true, plan}; 404
 * GET    /api/admin/genres                      → 200 GenrePromptsView
 * POST   /api/admin/genres/sync                 → 200 {created}
 * PUT    /api/admin/genres/:id GenrePromptForm  → 200 GenrePromptView; 400 with the §5 message; 404
 */

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import {
  adminActivityQuerySchema,
  adminCreateOrderSchema,
  adminCreateUserSchema,
  adminListQuerySchema,
  adminUpdateOrderSchema,
  adminUpdateUserSchema,
} from "../../../shared/schemas/admin";
import { genrePromptSchema } from "../../../shared/schemas/genre-prompt";
import { currentUser, requireAdmin, requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { validationHook } from "../../validation";
import { chatHistory, listGames } from "./activity.service";
import { auditAdminChange } from "../../auth/audit-change";
import { listAudit } from "./audit.service";
import { listGenrePrompts, syncGenrePrompts, updateGenrePrompt } from "./genres.service";
import { createOrder, listOrders, updateOrderStatus } from "./orders.service";
import { readStats } from "./stats.service";
import { createUser, deleteUser, listUsers, updateUser } from "./users.service";

export const adminRoutes = new Hono<AppEnv>()
  .use(requireUser, requireAdmin)
  .get("/check", (c) => c.json({ ok: true }))
  .get("/stats", async (c) => c.json(await readStats(c.var.deps)))
  .get("/audit", zValidator("query", adminListQuerySchema, validationHook), async (c) =>
    c.json(await listAudit(c.var.deps.db, c.req.valid("query"))),
  )

  // Users (spec §2 Admin users)
  .get("/users", zValidator("query", adminListQuerySchema, validationHook), async (c) =>
    c.json(await listUsers(c.var.deps.db, c.req.valid("query"))),
  )
  .post("/users", zValidator("json", adminCreateUserSchema, validationHook), async (c) => {
    const input = c.req.valid("json");
    const user = await createUser(c.var.deps, input);
    await auditAdminChange(c, "admin.user.create", `${user.email} (${user.id}): ruolo ${user.role}, piano ${user.plan}`);
    return c.json(user, 201);
  })
  .put("/users/:id", zValidator("json", adminUpdateUserSchema, validationHook), async (c) => {
    const { user, changes } = await updateUser(c.var.deps, currentUser(c).id, c.req.param("id"), c.req.valid("json"));
    if (changes.length) await auditAdminChange(c, "admin.user.update", `${user.email} (${user.id}): ${changes.join("; ")}`);
    return c.json(user);
  })
  .delete("/users/:id", async (c) => {
    const id = c.req.param("id");
    const email = await deleteUser(c.var.deps, currentUser(c).id, id);
    await auditAdminChange(c, "admin.user.delete", `${email} (${id})`);
    return c.json({ ok: true });
  })

  // Player activity (spec §2 Admin activity)
  .get("/games", zValidator("query", adminActivityQuerySchema, validationHook), async (c) =>
    c.json(await listGames(c.var.deps.db, c.req.valid("query"))),
  )
  .get("/games/:id/messages", async (c) => c.json(await chatHistory(c.var.deps.db, c.req.param("id"))))

  // Orders (spec §2 Admin orders)
  .get("/orders", zValidator("query", adminListQuerySchema, validationHook), async (c) =>
    c.json(await listOrders(c.var.deps.db, c.req.valid("query"))),
  )
  .post("/orders", zValidator("json", adminCreateOrderSchema, validationHook), async (c) => {
    const result = await createOrder(c.var.deps, c.req.valid("json"));
    const { order } = result;
    await auditAdminChange(
      c,
      "admin.order.create",
      `${order.id}: ${order.userEmail} ${order.subscriptionType} ${order.amount.toFixed(2)} € ${order.status}${result.plan ? `, piano → ${result.plan}` : ""}`,
    );
    return c.json(result, 201);
  })
  .patch("/orders/:id", zValidator("json", adminUpdateOrderSchema, validationHook), async (c) => {
    const id = c.req.param("id");
    const { status } = c.req.valid("json");
    const { previous, plan } = await updateOrderStatus(c.var.deps, id, status);
    await auditAdminChange(c, "admin.order.update", `${id}: ${previous} → ${status}${plan ? `, piano → ${plan}` : ""}`);
    return c.json({ ok: true, plan });
  })

  // Genre prompts (spec §2 Admin genre prompts)
  .get("/genres", async (c) => c.json(await listGenrePrompts(c.var.deps.db)))
  .post("/genres/sync", async (c) => {
    const created = await syncGenrePrompts(c.var.deps.db);
    if (created) await auditAdminChange(c, "admin.genre_prompt.sync", `${created} generi creati`);
    return c.json({ created });
  })
  .put("/genres/:id", zValidator("json", genrePromptSchema, validationHook), async (c) => {
    const prompt = await updateGenrePrompt(c.var.deps.db, c.req.param("id"), c.req.valid("json"));
    await auditAdminChange(c, "admin.genre_prompt.update", `${prompt.genre} (${prompt.id})`);
    return c.json(prompt);
  });
