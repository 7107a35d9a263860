/**
 * GET /media/<key> (public, anyone): serves a stored image with its content type and a one-year
 * immutable cache (keys are unique and never rewritten). A rendition not made yet
 * (/media/renditions/…-480.webp, issue 12) is made from its original now. 404 text when absent.
 */

import { Hono } from "hono";
import { decodePath } from "../../shared/decode-path";
import type { AppEnv } from "../context";
import { MEDIA_URL_PREFIX } from "./media-storage";
import { renditionOf } from "./renditions";

export const mediaRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const key = decodePath(c.req.path.slice(MEDIA_URL_PREFIX.length));
  const { media } = c.get("deps");
  const object = key === null ? null : ((await media.get(key)) ?? (await renditionOf(media, key)));
  if (!object) {
    c.header("Cache-Control", "no-store");
    return c.text("Immagine non trovata", 404);
  }
  const etag = `"${key}"`;
  c.header("Cache-Control", "public, max-age=31536000, immutable");
  c.header("ETag", etag);
  c.header("Content-Type", object.contentType);
  c.header("Content-Disposition", "inline");
  if (c.req.header("if-none-match") === etag) return c.body(null, 304);
  return c.body(new Uint8Array(object.bytes), 200);
});
