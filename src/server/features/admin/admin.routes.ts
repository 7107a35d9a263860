/**
 * Admin API (spec §2 Admin screens and guards, §6, §7, §8 Admin; issue 6). Every route here is
 * behind requireUser + requireAdmin: the admin row in user_roles is checked on every request and
 * a failed check is audit-logged; with REQUIRE_ADMIN_2FA an admin without two-step verification
 * gets 403 ADMIN_2FA_REQUIRED. Visitors get 401, signed-in non-admins 403 'Accesso negato' /
 * 'Non hai i permessi per accedere a questa pagina'. Changes are written to the audit log in
 * the transaction that makes them (issue 9 finding 8).
 *
 * GET    /api/admin/check                       → 200 {ok: true}
 * GET    /api/admin/stats                       → 200 AdminStatsView
 * GET    /api/admin/audit?cursor&limit&actor&action&from&to → 200 AuditPage ('Registro attività', keyset)
 * GET    /api/admin/users?cursor&limit&search&kind → 200 KeysetPage<AdminUserView> (kind: registered|guest|all;
 *                                                 search: part of the e-mail or nickname; issue 22 §11)
 * GET    /api/admin/users/:id                   → 200 AdminUserDetailView (the user page, issue 22 §10); 404
 * POST   /api/admin/users {email, role, plan}   → 201 AdminUserView; invitation e-mail sent (7 days); 409 e-mail taken;
 *                                                 400 ADMIN_PLAN_RESERVED
 * PUT    /api/admin/users/:id {email, role, plan} → 200 AdminUserView; 404; 409 e-mail taken or LAST_ADMIN;
 *                                                 400 own admin role, own e-mail or ADMIN_PLAN_RESERVED
 * DELETE /api/admin/users/:id?should_soft_delete=true|false → 200 {ok: true, erasedAt}; 404; 400 own account;
 *                                                 409 LAST_ADMIN. Soft (default): deactivated, erased at erasedAt
 *                                                 unless restored; false: erased now (GDPR; erasedAt null)
 * POST   /api/admin/users/:id/restore           → 200 AdminUserView ('Ripristina'); 404; 409 NOT_DEACTIVATED
 * POST   /api/admin/users/:id/invitation        → 200 {email, expiresAt}: invitation e-mailed again (§7 /invite); 404; 409 password set
 * POST   /api/admin/users/:id/invitation-link   → 200 {email, link, expiresAt}: a link to copy (§7 /admin/generate_link); 404; 409
 * GET    /api/admin/users/:id/factors           → 200 AdminFactorView[] (spec §7); 404
 * DELETE /api/admin/users/:id/factors           → 200 {ok: true, removed}; 404 (two-step verification removed, issue 10)
 * DELETE /api/admin/users/:id/factors/:factorId → 200 {ok: true, removed: true}; 404 unknown user or factor (spec §7)
 * GET    /api/admin/games?page&pageSize&player  → 200 Page<AdminGameView> (pageSize 10|20|50|100; player: part of
 *                                                 the e-mail or nickname)
 * GET    /api/admin/games/:id/messages          → 200 AdminChatHistoryView (the whole story tree); 404
 * GET    /api/admin/orders?cursor&limit&status&search → 200 KeysetPage<AdminOrderView> (search: buyer's e-mail)
 * POST   /api/admin/orders {userEmail, subscriptionType, amount, status} → 201 {order, plan}; 404 unknown e-mail
 * PATCH  /api/admin/orders/:id {status}         → 200 {ok: true, plan}; 404
 * POST   /api/admin/orders/:id/refund           → 200 {ok: true}: refunded through Stripe, audited (issue 41); 404; 409 not a completed Stripe order; 502
 * GET    /api/admin/genres                      → 200 GenrePromptsView
 * POST   /api/admin/genres/sync                 → 200 {created}
 * PUT    /api/admin/genres/:id GenrePromptForm + version → 200 GenrePromptView; 400 with the §5 message; 404;
 *                                                 409 STALE_EDIT (issue 22 §9); the change goes live to every admin page
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import {
  adminActivityQuerySchema,
  adminAuditQuerySchema,
  adminCreateOrderSchema,
  adminCreateUserSchema,
  adminDeleteUserQuerySchema,
  adminOrderListQuerySchema,
  adminUpdateOrderSchema,
  adminUpdateUserSchema,
  adminUserListQuerySchema,
} from "../../../shared/schemas/admin";
import { genrePromptSchema } from "../../../shared/schemas/genre-prompt";
import { versioned } from "../../../shared/schemas/version";
import { requireAdmin, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { validationHook } from "../../platform/validation";
import { chatHistory, listGames } from "./activity.service";
import { appendAudit } from "../../domain/audit";
import { omitVersion, rejectedDetail, versionDetail } from "../../platform/admin-edit";
import { italianDay } from "../../../shared/italian-date";
import { auditActor, auditedChange, auditedEdit } from "../../domain/auth/audit-change";
import { listAudit } from "./audit.service";
import { announceGenrePrompts, listGenrePrompts, syncGenrePrompts, updateGenrePrompt } from "./genres.service";
import { listFactors, removeFactors } from "./factors.service";
import { createOrder, listOrders, refundOrder, updateOrderStatus } from "./orders.service";
import { readStats } from "./stats.service";
import { createInvitation, sendInvitation } from "./invitations.service";
import { userDetail } from "./user-detail.service";
import { createUser, deleteUser, listUsers, restoreUser, updateUser } from "./users.service";

/** Removes the user's second factors (all, or `factorId`) with its audit entry. Output: {ok, removed}. */
async function removeFactorsAudited(c: Context<AppEnv>, userId: string, factorId?: string) {
  const { removed } = await auditedChange(
    c,
    "admin.user.factors.delete",
    (trx) => removeFactors(trx, userId, factorId),
    (r) => (r.removed ? `${r.email} (${userId}): verifica in due passaggi rimossa` : null),
  );
  return { ok: true as const, removed };
}

export const adminRoutes = new Hono<AppEnv>()
  .use(requireUser, requireAdmin)
  .get("/check", (c) => c.json({ ok: true }))
  .get("/stats", async (c) => c.json(await readStats(c.var.deps)))
  .get("/audit", zValidator("query", adminAuditQuerySchema, validationHook), async (c) =>
    c.json(await listAudit(c.var.deps.db, c.req.valid("query"))),
  )

  // Users (spec §2 Admin users)
  .get("/users", zValidator("query", adminUserListQuerySchema, validationHook), async (c) =>
    c.json(await listUsers(c.var.deps.db, c.req.valid("query"))),
  )
  .post("/users", zValidator("json", adminCreateUserSchema, validationHook), async (c) => {
    const user = await createUser(c.var.deps, auditActor(c), c.req.valid("json"));
    await sendInvitation(c.var.deps, user.id);
    return c.json(user, 201);
  })
  // Invitations (issue 10; spec §7 /invite, /admin/generate_link): each issues a new 7-day link,
  // audited once it exists (the token is written by Better Auth's adapter, outside our transaction).
  .post("/users/:id/invitation", async (c) => {
    const id = c.req.param("id");
    const invitation = await sendInvitation(c.var.deps, id);
    await appendAudit(c.var.deps.db, auditActor(c), "admin.user.invite", `${invitation.email} (${id}): invito inviato di nuovo (scadenza: ${italianDay(new Date(invitation.expiresAt))})`);
    return c.json(invitation);
  })
  .post("/users/:id/invitation-link", async (c) => {
    const id = c.req.param("id");
    const invitation = await createInvitation(c.var.deps, id);
    await appendAudit(c.var.deps.db, auditActor(c), "admin.user.invite_link", `${invitation.email} (${id}): link d'invito generato (scadenza: ${italianDay(new Date(invitation.expiresAt))})`);
    return c.json(invitation);
  })
  .put("/users/:id", zValidator("json", adminUpdateUserSchema, validationHook), async (c) => {
    const { user } = await updateUser(c.var.deps, auditActor(c), c.req.param("id"), c.req.valid("json"));
    return c.json(user);
  })
  .delete("/users/:id", zValidator("query", adminDeleteUserQuerySchema, validationHook), async (c) => {
    const { should_soft_delete: soft } = c.req.valid("query");
    const { erasedAt } = await deleteUser(c.var.deps, auditActor(c), c.req.param("id"), soft);
    return c.json({ ok: true, erasedAt });
  })
  .post("/users/:id/restore", async (c) => c.json(await restoreUser(c.var.deps, auditActor(c), c.req.param("id"))))
  .get("/users/:id", async (c) => c.json(await userDetail(c.var.deps.db, c.req.param("id"))))
  .get("/users/:id/factors", async (c) => c.json(await listFactors(c.var.deps.db, c.req.param("id"))))
  .delete("/users/:id/factors", async (c) => c.json(await removeFactorsAudited(c, c.req.param("id"))))
  .delete("/users/:id/factors/:factorId", async (c) => c.json(await removeFactorsAudited(c, c.req.param("id"), c.req.param("factorId"))))

  // Player activity (spec §2 Admin activity)
  .get("/games", zValidator("query", adminActivityQuerySchema, validationHook), async (c) =>
    c.json(await listGames(c.var.deps.db, c.req.valid("query"))),
  )
  .get("/games/:id/messages", async (c) => c.json(await chatHistory(c.var.deps.db, c.req.param("id"))))

  // Orders (spec §2 Admin orders)
  .get("/orders", zValidator("query", adminOrderListQuerySchema, validationHook), async (c) =>
    c.json(await listOrders(c.var.deps.db, c.req.valid("query"), c.var.deps.billing?.dashboardUrl)),
  )
  .post("/orders", zValidator("json", adminCreateOrderSchema, validationHook), async (c) =>
    c.json(await createOrder(c.var.deps, auditActor(c), c.req.valid("json")), 201),
  )
  .patch("/orders/:id", zValidator("json", adminUpdateOrderSchema, validationHook), async (c) => {
    const { plan } = await updateOrderStatus(c.var.deps, auditActor(c), c.req.param("id"), c.req.valid("json").status);
    return c.json({ ok: true, plan });
  })

  .post("/orders/:id/refund", async (c) => {
    await refundOrder(c.var.deps, auditActor(c), c.req.param("id"));
    return c.json({ ok: true });
  })

  // Genre prompts (spec §2 Admin genre prompts)
  .get("/genres", async (c) => c.json(await listGenrePrompts(c.var.deps.db)))
  .post("/genres/sync", async (c) => {
    const created = await auditedChange(c, "admin.genre_prompt.sync", syncGenrePrompts, (n) => (n ? `${n} generi creati` : null));
    if (created) await announceGenrePrompts(c.var.deps, null);
    return c.json({ created });
  })
  .put("/genres/:id", zValidator("json", versioned(genrePromptSchema), validationHook), async (c) => {
    const input = c.req.valid("json");
    const id = c.req.param("id");
    const { prompt } = await auditedEdit(
      c,
      "admin.genre_prompt.update",
      (trx) => updateGenrePrompt(trx, id, input),
      ({ prompt: { id: _id, genre, version, updated_at: _at, ...values }, before }) => versionDetail(`Prompt del genere ${genre} (${id})`, version, values, before),
      rejectedDetail(`Prompt del genere (${id})`, input.version, omitVersion(input)),
    );
    await announceGenrePrompts(c.var.deps, prompt.id);
    return c.json(prompt);
  });
