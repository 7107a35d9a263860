/**
 * Shared stories API (issue 13, "A public reading page"). The page itself is share.page.ts.
 *
 * Owner (session required; the game must be the caller's, else 404 'Partita non trovata o non autorizzata.'):
 * GET    /api/games/:id/share                          → 200 ShareStateView {share: ShareView | null}
 * PUT    /api/games/:id/share {showNickname, listed}   → 201 ShareView (new link) | 200 ShareView (options changed);
 *                                                        409 SHARE_TAKEN_DOWN; 400 bad options; 403 PUBLISHING_SUSPENDED
 *                                                        (issue 23: new link or listed); a story entering the
 *                                                        gallery is screened first (held when flagged)
 * DELETE /api/games/:id/share                          → 204 ('Smetti di condividere'; also when not shared);
 *                                                        409 SHARE_TAKEN_DOWN
 * Public (anyone):
 * GET    /api/shares?limit&cursor                      → 200 SharedStoryPageView ('Storie condivise', listed only)
 * Admin (requireUser + requireAdmin, as every /api/admin route):
 * GET    /api/admin/shares?limit&cursor                → 200 AdminSharePageView (every share, newest first)
 * POST   /api/admin/shares/:id/takedown                → 200 {ok: true, changed}; audited 'admin.share.takedown';
 *                                                        404 SHARE_NOT_FOUND
 * Mounted in app.ts: shareOwnerRoutes before gamesRoutes on /games, shareAdminRoutes before "/admin".
 */

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { type ShareStateView, shareOptionsSchema, sharedPageQuerySchema } from "../../../shared/schemas/share";
import { auditedChange } from "../../domain/auth/audit-change";
import { currentUser, requireAdmin, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { validationHook } from "../../platform/validation";
import { assertMayPublish, storyTexts } from "../moderation/content";
import { screenPublication } from "../moderation/screening";
import { publishSitemapChanged } from "../../platform/realtime/live-events";
import { decodeShareCursor, gameTitle, getShare, listAdminShares, listSharedStories, revokeShare, saveShare, takeDownShare } from "./share.service";

/** The cursor of a page query, decoded; 400 VALIDATION when malformed. */
function cursorOf(cursor: string | undefined) {
  const decoded = cursor ? decodeShareCursor(cursor) : undefined;
  if (decoded === null) throw AppError.of("VALIDATION", 400);
  return decoded;
}

export const shareOwnerRoutes = new Hono<AppEnv>()
  .use("/:id/share", requireUser)
  .get("/:id/share", async (c) => c.json({ share: await getShare(c.var.deps.db, currentUser(c).id, c.req.param("id")) } satisfies ShareStateView))
  .put("/:id/share", zValidator("json", shareOptionsSchema, validationHook), async (c) => {
    const { db } = c.var.deps;
    const userId = currentUser(c).id;
    const gameId = c.req.param("id");
    const options = c.req.valid("json");
    // Issue 23: a suspended author cannot publish; a story entering the gallery is screened first.
    const before = await getShare(db, userId, gameId);
    if (!before || options.listed) await assertMayPublish(db, userId);
    const entersGallery = options.listed && !before?.listed;
    const publication = await screenPublication(c.var.deps, entersGallery ? await storyTexts(db, gameId) : []);
    const { share, created } = await db.transaction().execute(async (trx) => {
      const saved = await saveShare(trx, userId, gameId, options);
      if (publication.flagged) await publication.hold(trx, { kind: "story", id: saved.share.id, title: await gameTitle(trx, gameId), authorId: userId });
      return saved;
    });
    await publication.announce();
    await publishSitemapChanged(c.var.deps.bus);
    return c.json(share, created ? 201 : 200);
  })
  .delete("/:id/share", async (c) => {
    await revokeShare(c.var.deps.db, currentUser(c).id, c.req.param("id"));
    await publishSitemapChanged(c.var.deps.bus);
    return c.body(null, 204);
  });

export const sharedStoriesRoutes = new Hono<AppEnv>().get("/", zValidator("query", sharedPageQuerySchema, validationHook), async (c) => {
  const { limit, cursor } = c.req.valid("query");
  c.header("Cache-Control", "no-cache");
  return c.json(await listSharedStories(c.var.deps.db, { limit, cursor: cursorOf(cursor) }));
});

export const shareAdminRoutes = new Hono<AppEnv>()
  .use(requireUser, requireAdmin)
  .get("/", zValidator("query", sharedPageQuerySchema, validationHook), async (c) => {
    const { limit, cursor } = c.req.valid("query");
    return c.json(await listAdminShares(c.var.deps.db, { limit, cursor: cursorOf(cursor) }));
  })
  .post("/:id/takedown", async (c) => {
    const shareId = c.req.param("id");
    const result = await auditedChange(
      c,
      "admin.share.takedown",
      (trx) => takeDownShare(trx, currentUser(c).id, shareId),
      (r) => (r ? `«${r.title}» (partita ${r.gameId}, link ${shareId}): storia condivisa rimossa` : null),
    );
    if (result) await publishSitemapChanged(c.var.deps.bus);
    return c.json({ ok: true, changed: result !== null });
  });
