/**
 * Notification endpoints (spec §2 Notification popover, /notifiche, Admin notifications; §4
 * Notification; §8 Notifications).
 *
 * Signed-in users (401 otherwise):
 *   GET  /api/notifications              → 200 NotificationView[]   published only, newest first, with the read flag
 *   POST /api/notifications/:id/read     → 200 {ok: true}           read record for this user; 404 unpublished/missing
 * Admins (401 visitors, 403 'Accesso negato' others, audit-logged):
 *   GET    /api/admin/notifications?cursor&limit&search → 200 KeysetPage<AdminNotificationView> drafts included,
 *                                           newest created first; search in title and content (issue 22 §11)
 *   POST   /api/admin/notifications          → 201 AdminNotificationView    {title, content, url} (draft)
 *   PUT    /api/admin/notifications/:id      → 200 AdminNotificationView    edit {title, content, url, version}; 409 STALE_EDIT
 *   POST   /api/admin/notifications/:id/publish → 200 AdminNotificationView 409 when already published
 *   DELETE /api/admin/notifications/:id      → 200 {ok: true}
 * Changes that users can see are pushed to every connected browser (GET /api/events,
 * 'notifications.changed'); admin changes are written to the audit log.
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { notificationSchema } from "../../../shared/schemas/notification";
import { adminKeysetQuerySchema } from "../../../shared/schemas/admin";
import { versioned } from "../../../shared/schemas/version";
import { omitVersion, rejectedDetail, versionDetail } from "../../platform/admin-edit";
import { auditedChange, auditedEdit } from "../../domain/auth/audit-change";
import { currentUser, requireAdmin, requireUser } from "../../domain/auth/middleware";
import { pushInBackground } from "../../domain/push/push-notify";
import type { AppEnv } from "../../domain/context";
import { cursorParam } from "../../platform/keyset-cursor";
import { publishToEveryone } from "../../platform/realtime/live-events";
import { validationHook } from "../../platform/validation";
import {
  createNotification,
  deleteNotification,
  listAll,
  listPublished,
  markRead,
  publishNotification,
  updateNotification,
} from "./notifications.service";

export const notificationsRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await listPublished(c.var.deps.db, currentUser(c).id)))
  .post("/:id/read", async (c) => {
    await markRead(c.var.deps.db, currentUser(c).id, c.req.param("id"));
    return c.json({ ok: true as const });
  });


/** Pushes 'notifications.changed' to every user; a bus failure is logged, never fails the request. */
async function announce(c: Context<AppEnv>, reason: "published" | "updated" | "deleted", id: string) {
  try {
    await publishToEveryone(c.var.deps.bus, { type: "notifications.changed", reason, id });
  } catch (error) {
    c.var.deps.logger.error({ err: error }, "Evento notifiche non inviato");
  }
}

/**
 * Mount under /api/admin/notifications BEFORE the /api/admin router (app.ts), so the admin check
 * runs once per request (it is also written once to the audit log when it fails).
 */
export const adminNotificationsRoutes = new Hono<AppEnv>()
  .use(requireUser, requireAdmin)
  .get("/", zValidator("query", adminKeysetQuerySchema, validationHook), async (c) => {
    const { limit, cursor, search } = c.req.valid("query");
    return c.json(await listAll(c.var.deps.db, { limit, search, cursor: cursorParam(cursor, ["string", "string"] as const) }));
  })
  // Each change and its audit entry commit together (issue 9 finding 8).
  .post("/", zValidator("json", notificationSchema, validationHook), async (c) => {
    const input = c.req.valid("json");
    const created = await auditedChange(c, "notification.create", (trx) => createNotification(trx, input), (n) => `notifica ${n.id}`);
    return c.json(created, 201);
  })
  .put("/:id", zValidator("json", versioned(notificationSchema), validationHook), async (c) => {
    const input = c.req.valid("json");
    const id = c.req.param("id");
    const updated = await auditedEdit(
      c,
      "notification.update",
      (trx) => updateNotification(trx, id, input),
      (n) => versionDetail(`notifica ${id}`, n.version, { title: n.title, content: n.content, url: n.url }),
      rejectedDetail(`notifica ${id}`, input.version, omitVersion(input)),
    );
    if (updated.status === "published") await announce(c, "updated", updated.id);
    return c.json(updated);
  })
  .post("/:id/publish", async (c) => {
    const published = await auditedChange(c, "notification.publish", (trx) => publishNotification(trx, c.req.param("id")), (n) => `notifica ${n.id}`);
    await announce(c, "published", published.id);
    // To every player's phone that keeps the site's notifications on (issue 39), in the background.
    pushInBackground(c.var.deps, "everyone", "site", "/notifiche");
    return c.json(published);
  })
  .delete("/:id", async (c) => {
    const id = c.req.param("id");
    const { wasPublished } = await auditedChange(c, "notification.delete", (trx) => deleteNotification(trx, id), () => `notifica ${id}`);
    if (wasPublished) await announce(c, "deleted", id);
    return c.json({ ok: true as const });
  });
