/**
 * Server side of the gallery's pages (spec §2 route table /galleria/{id}; issue 3):
 * - /galleria/{id} redirects permanently (301) to the canonical /galleria/{id}/{slug};
 *   /galleria/{slug} only temporarily (302): a newer image with the same title takes the slug over;
 * - /galleria/{id}/{slug} answers the SPA's index.html with Open Graph and Twitter tags
 *   (title, absolute image URL, size, canonical URL), so a shared link shows the picture;
 *   a wrong slug redirects to the right one; a missing image gets index.html with status 404
 *   (the page then shows 'Immagine non trovata');
 * - issue 23: an image a moderator removed answers 410 (the page shows the Italian notice), one
 *   held by automatic screening 404 except to its author (policies/visibility.ts), at both
 *   addresses: /galleria/{id} answers the refusal itself (issue 36), no redirect names the title.
 * The old /gallery/… addresses redirect in http/legacy-redirects.ts.
 */

import type { Context, Hono } from "hono";
import type { GalleryImageView } from "../../../shared/api-types";
import { decodePath } from "../../../shared/decode-path";
import { documentTitle } from "../../../shared/document-title";
import { imagePath } from "../../../shared/image-slug";
import type { AppEnv } from "../../domain/context";
import { withPageHead } from "../http/page-head";
import type { PageHtml } from "../http/prerender";
import { siteOrigin } from "../http/site-origin";
import { sessionViewer } from "../http/session-viewer";
import { sightAt } from "../../domain/policies/visibility";
import { findImage } from "./gallery.service";

/** index.html with the image page's title, description, canonical URL and Open Graph tags. */
export function withOpenGraph(
  indexHtml: string,
  meta: { title: string; brand: string; imageUrl: string; pageUrl: string; width: number | null; height: number | null },
): string {
  return withPageHead(indexHtml, {
    documentTitle: documentTitle(meta.title, `${meta.brand}.ai`),
    title: meta.title,
    description: `Un'immagine creata giocando su ${meta.brand}.ai`,
    url: meta.pageUrl,
    siteName: `${meta.brand}.ai`,
    type: "article",
    image: { url: meta.imageUrl, alt: meta.title, width: meta.width, height: meta.height },
  });
}

/** 301 when the link named the image by its id (it never changes), else 302 (issue 9). */
function redirectStatus(imageId: string, requested: string): 301 | 302 {
  return imageId === requested.toLowerCase() ? 301 : 302;
}

/**
 * The image of `idOrSlug` and, when this visitor may not see it at its page (policies/visibility.ts),
 * the status to answer: 410 removed, 404 held (the page then shows why). The session is read
 * only for a held or removed image.
 */
async function imageFor(c: Context<AppEnv>, idOrSlug: string): Promise<{ image: GalleryImageView | null; refused: 404 | 410 | null }> {
  const { db } = c.var.deps;
  const image = await findImage(db, idOrSlug);
  if (!image) return { image, refused: null };
  const sight = await sightAt(db, "image", image.id, sessionViewer(c), "page");
  return { image, refused: sight.shown ? null : sight.status };
}

/**
 * Registers the page routes on the app, before the SPA fallback.
 * Input: the app and the page's HTML for a request (http/prerender.ts: the built index.html,
 * rendered when possible).
 */
export function mountGalleryPages(app: Hono<AppEnv>, pageHtml: PageHtml) {
  app.get("/galleria/:id", async (c, next) => {
    const { image, refused } = await imageFor(c, c.req.param("id"));
    if (!image) return next();
    // Issue 36: a refused image is answered here, never redirected to an address naming its title.
    if (refused) {
      c.header("Cache-Control", "no-cache");
      return c.html(await pageHtml(c), refused);
    }
    return c.redirect(imagePath(image.id, image.title), redirectStatus(image.id, c.req.param("id")));
  });

  app.get("/galleria/:id/:slug", async (c) => {
    const { image, refused } = await imageFor(c, c.req.param("id"));
    c.header("Cache-Control", "no-cache");
    if (!image) return c.html(await pageHtml(c), 404);
    if (refused) return c.html(await pageHtml(c), refused);
    const canonical = imagePath(image.id, image.title);
    if (decodePath(new URL(c.req.url).pathname) !== decodePath(canonical)) return c.redirect(canonical, redirectStatus(image.id, c.req.param("id")));
    const base = siteOrigin(c);
    return c.html(
      withOpenGraph(await pageHtml(c), {
        title: image.title,
        brand: c.var.deps.env.BRAND_NAME,
        imageUrl: `${base}${image.imageUrl}`,
        pageUrl: `${base}${canonical}`,
        width: image.width,
        height: image.height,
      }),
    );
  });
}
