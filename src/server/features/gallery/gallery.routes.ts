/**
 * Public gallery API (spec §2 Gallery, Image detail; issue 3). Anyone may call these, with or
 * without a session; only public fields are returned (picture, title, nickname, date).
 *
 * GET /api/images?limit=24&cursor=…   → 200 GalleryPageView {items, nextCursor}   newest first
 * GET /api/images/:idOrSlug            → 200 GalleryImageView | 404 'Immagine non trovata'
 * GET /api/images/:idOrSlug/download   → 200 image/png attachment 'immagine-{id}.png'
 *                                        (a WebP or JPEG original is converted once, then the
 *                                        stored PNG is reused) | 404. Revalidated on every use
 *                                        (public, no-cache): a picture can be removed later.
 * Issue 23 / 36: who may see an image is policies/visibility.ts's: one a moderator removed answers
 * 410 'Contenuto rimosso' on both; one held by automatic screening 404 'Contenuto in revisione',
 * except to its author (then `private, no-store`).
 */

import { zValidator } from "@hono/zod-validator";
import { type Context, Hono } from "hono";
import { z } from "zod";
import type { GalleryImageView } from "../../../shared/api-types";
import { imageDownloadName } from "../../../shared/image-slug";
import type { AppEnv } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { validationHook } from "../../platform/validation";
import { assertShownAt } from "../../domain/policies/visibility";
import { downloadablePng } from "./gallery-download";
import { decodeGalleryCursor, findImage, GALLERY_MAX_PAGE_SIZE, GALLERY_PAGE_SIZE, listGallery } from "./gallery.service";
import { queryInteger } from "../../../shared/schemas/query-number";

const pageQuery = z.object({
  limit: queryInteger("limit", 1, GALLERY_MAX_PAGE_SIZE, GALLERY_PAGE_SIZE),
  cursor: z.string().max(400).optional(),
});

const notFound = () => AppError.of("IMAGE_NOT_FOUND", 404);

/**
 * The image of `idOrSlug` as the caller may see it at its page (policies/visibility.ts). Throws
 * 404 IMAGE_NOT_FOUND, 410 CONTENT_REMOVED, 404 CONTENT_UNDER_REVIEW (except to its author).
 */
async function shownImage(c: Context<AppEnv>, idOrSlug: string): Promise<{ image: GalleryImageView; to: "anyone" | "author" }> {
  const image = await findImage(c.var.deps.db, idOrSlug);
  if (!image) throw notFound();
  return { image, to: await assertShownAt(c.var.deps.db, "image", image.id, c.var.user?.id ?? null, notFound) };
}

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
    const { image, to } = await shownImage(c, c.req.param("id"));
    const png = await downloadablePng(c.var.deps, image.imageUrl);
    if (!png) throw notFound();
    c.header("Content-Type", "image/png");
    c.header("Content-Disposition", `attachment; filename="${imageDownloadName(image.id)}"`);
    // Issue 36 finding 4: a picture can still be removed, so every download revalidates.
    c.header("Cache-Control", to === "author" ? "private, no-store" : "public, no-cache");
    return c.body(new Uint8Array(png), 200);
  })
  .get("/:id", async (c) => c.json((await shownImage(c, c.req.param("id"))).image));
