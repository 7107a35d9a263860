/**
 * The JSON API under /api: every feature's routes, in matching order (the first match answers),
 * mounted by createApp (app.ts) after the session and origin checks. Its type, ApiType, is what the
 * web reads each answer's shape from (src/web/lib/api-contract.ts; ADR 0022), so an answer that
 * changes shape fails `npm run typecheck` wherever the web reads it.
 */

import { Hono } from "hono";
import type { AppEnv } from "../domain/context";
import { accountRoutes, sessionRoutes } from "../features/account/account.routes";
import { adminRoutes } from "../features/admin/admin.routes";
import { gamesRoutes } from "../features/games/games.routes";
import { groupRoutes, invitationRoutes } from "../features/games/group.routes";
import { memoryRoutes } from "../features/games/memory.routes";
import { refuseWritesToCopies } from "../features/games/read-only-copy";
import { bookExportRoutes } from "../features/book/export.routes";
import { visualizeRoutes } from "../features/games/visualize.routes";
import { speechRoutes } from "../features/games/speech.routes";
import { galleryRoutes } from "../features/gallery/gallery.routes";
import { shareAdminRoutes, sharedStoriesRoutes, shareOwnerRoutes } from "../features/share/share.routes";
import { decisionsRoutes, moderationRoutes, reportsRoutes } from "../features/moderation/moderation.routes";
import { adminNotificationsRoutes, notificationsRoutes } from "../features/notifications/notifications.routes";
import { plansRoutes } from "../features/plans/plans.routes";
import { billingRoutes } from "../features/billing/billing.routes";
import { profileRoutes } from "../features/profile/profile.routes";
import { pushRoutes } from "../features/push/push.routes";
import { adminTemplatesRoutes, customGamesRoutes, templatesRoutes } from "../features/templates/templates.routes";
import { cardRoutes } from "../features/templates/cards/card.routes";
import { authorsRoutes, scenariosRoutes } from "../features/templates/scenarios.routes";
import { eventsRoutes } from "../features/realtime/events.routes";
import { presenceRoutes } from "../features/realtime/presence.routes";
import { adminUsageRoutes } from "../features/ai-usage/ai-usage.routes";

export const apiRoutes = new Hono<AppEnv>()
  // A player's read-only copy of a group story takes no write below /games/:id (issue 24):
  // the pattern leaves out /games/:id itself, whose DELETE is the copy's 'Elimina'.
  .use("/games/:id/:rest{.+}", refuseWritesToCopies)
  .route("/me", accountRoutes)
  .route("/session", sessionRoutes)
  // Before gamesRoutes: POST /games/:id/images answers its own 401 ('Devi effettuare il login per generare immagini').
  .route("/games", visualizeRoutes)
  .route("/games", memoryRoutes)
  .route("/games", bookExportRoutes)
  .route("/games", shareOwnerRoutes)
  .route("/games", groupRoutes)
  .route("/games", speechRoutes)
  .route("/games", gamesRoutes)
  .route("/invitations", invitationRoutes)
  .route("/presence", presenceRoutes)
  .route("/images", galleryRoutes)
  .route("/shares", sharedStoriesRoutes)
  .route("/events", eventsRoutes)
  .route("/profile", profileRoutes)
  .route("/plans", plansRoutes)
  .route("/billing", billingRoutes)
  .route("/notifications", notificationsRoutes)
  .route("/push", pushRoutes)
  // Character cards in and out (issue 40 §3): POST /templates/import, GET /templates/:id/card.
  .route("/templates", cardRoutes)
  .route("/templates", templatesRoutes)
  .route("/custom-games", customGamesRoutes)
  // Scenarios by players and creator pages (issue 40 §1).
  .route("/scenarios", scenariosRoutes)
  .route("/authors", authorsRoutes)
  // Trust and safety (issue 23): reports (anyone), decisions (their author), the queue (moderators and admins).
  .route("/reports", reportsRoutes)
  .route("/decisions", decisionsRoutes)
  .route("/moderation", moderationRoutes)
  // Before "/admin": a matched route ends the chain, so the admin check runs (and audits) once.
  .route("/admin/notifications", adminNotificationsRoutes)
  .route("/admin/templates", adminTemplatesRoutes)
  .route("/admin/shares", shareAdminRoutes)
  .route("/admin/usage", adminUsageRoutes)
  .route("/admin", adminRoutes);

/** The API's routes and answers, as Hono's client types read them (type only: nothing of the server reaches the browser). */
export type ApiType = typeof apiRoutes;
