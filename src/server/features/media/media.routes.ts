/**
 * GET /media/<key> (anyone): serves a stored image with its content type. A rendition not made
 * yet (/media/renditions/…-480.webp, issue 12) is made from its original now. 404 text when absent.
 *
 * Issue 36 finding 4: the file of a gallery picture — its original, renditions and 'Scarica' PNG —
 * is served only as policies/visibility.ts allows at its embedded address: a picture a moderator
 * removed answers 410 and one held by screening 404 (text, never cached), except to its author,
 * whose own story page still shows it (`private, no-store`: no shared cache keeps it); no
 * rendition is made for a refused picture. Caching: a picture that can still be removed is
 * `public, no-cache` with an ETag (every use revalidates, a 304 costs one indexed lookup and no
 * bytes, and a removal takes effect at once, also behind a shared cache); a file that shows no
 * gallery picture (a template's cover) keeps the one-year immutable cache (keys are unique and
 * never rewritten).
 */

import { type Context, Hono } from "hono";
import { decodePath } from "../../../shared/decode-path";
import { ERRORS } from "../../../shared/errors";
import { sessionViewer } from "../http/session-viewer";
import type { AppEnv } from "../../domain/context";
import { mediaSight } from "../../domain/policies/visibility";
import { isValidMediaKey, MEDIA_URL_PREFIX } from "../../platform/media/media-storage";
import { renditionOf } from "../../platform/media/renditions";

/** A refusal or a miss: Italian text, never cached. */
function uncached(c: Context<AppEnv>, status: 404 | 410, text: string) {
  c.header("Cache-Control", "no-store");
  return c.text(text, status);
}

export const mediaRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const key = decodePath(c.req.path.slice(MEDIA_URL_PREFIX.length));
  if (key === null || !isValidMediaKey(key)) return uncached(c, 404, ERRORS.IMAGE_NOT_FOUND.message);
  const { media, db } = c.var.deps;
  const { moderated, sight } = await mediaSight(db, key, sessionViewer(c));
  if (!sight.shown) return uncached(c, sight.status, ERRORS[sight.code ?? "IMAGE_NOT_FOUND"].message);
  const object = (await media.get(key)) ?? (await renditionOf(media, key));
  if (!object) return uncached(c, 404, ERRORS.IMAGE_NOT_FOUND.message);
  const etag = `"${key}"`;
  c.header("Cache-Control", !moderated ? "public, max-age=31536000, immutable" : sight.to === "author" ? "private, no-store" : "public, no-cache");
  c.header("ETag", etag);
  c.header("Content-Type", object.contentType);
  c.header("Content-Disposition", "inline");
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  return c.body(new Uint8Array(object.bytes), 200);
});
