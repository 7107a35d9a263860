/**
 * Public gallery API (spec §2 Gallery, Image detail; issue 3). Anyone may call these, with or
 * without a session; only public fields are returned (picture, title, nickname, date).
 *
 * GET /api/images?limit=24&cursor=…   → 200 GalleryPageView {items, nextCursor}   newest first
 * GET /api/images/:idOrSlug            → 200 GalleryImageView | 404 'Immagine non trovata'
 * GET /api/images/:idOrSlug/download   → 200 image/png attachment 'immagine-{id}.png'
 *                                        (a WebP or JPEG original is converted once, then the
 *                                        stored PNG is reused) | 404. Cached as immutable only
 *                                        when addressed by id: a slug may later name a newer image.
 * Issue 23: an image a moderator removed answers 410 'Contenuto rimosso' on both; one held by
 * automatic screening 404 'Contenuto in revisione', except to its author.
 */

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { z } from "zod";
import { imageDownloadName } from "../../../shared/image-slug";
import type { AppEnv } from "../../context";
import { AppError } from "../../errors";
import { validationHook } from "../../validation";
import { assertReachable } from "../moderation/content";
import { downloadablePng } from "./gallery-download";
import { decodeGalleryCursor, findImage, GALLERY_MAX_PAGE_SIZE, GALLERY_PAGE_SIZE, listGallery } from "./gallery.service";
import { queryInteger } from "../../../shared/schemas/query-number";

const pageQuery = z.object({
  limit: queryInteger("limit", 1, GALLERY_MAX_PAGE_SIZE, GALLERY_PAGE_SIZE),
  cursor: z.string().max(400).optional(),
});

export const galleryRoutes = new Hono<AppEnv>()
  .get("/", zValidator("query", pageQuery, validationHook), async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const decoded = cursor ? decodeGalleryCursor(cursor) : undefined;
    if (decoded === null) throw AppError.of("VALIDATION", 400);
    const page = await listGallery(c.var.deps.db, { limit, cursor: decoded });
    c.header("Cache-Control", "no-cache");
    return c.json(page);
  })
  .get("/:id/download", async (c) => {
    const requested = c.req.param("id");
    const image = await findImage(c.var.deps.db, requested);
    if (image) await assertReachable(c.var.deps.db, "image", image.id, c.var.user?.id ?? null);
    const png = image ? await downloadablePng(c.var.deps, image.imageUrl) : null;
    if (!image || !png) throw AppError.of("IMAGE_NOT_FOUND", 404);
    c.header("Content-Type", "image/png");
    c.header("Content-Disposition", `attachment; filename="${imageDownloadName(image.id)}"`);
    c.header("Cache-Control", image.id === requested.toLowerCase() ? "public, max-age=31536000, immutable" : "no-cache");
    return c.body(new Uint8Array(png), 200);
  })
  .get("/:id", async (c) => {
    const image = await findImage(c.var.deps.db, c.req.param("id"));
    if (!image) throw AppError.of("IMAGE_NOT_FOUND", 404);
    await assertReachable(c.var.deps.db, "image", image.id, c.var.user?.id ?? null);
    return c.json(image);
  });
