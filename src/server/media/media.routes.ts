/**
 * GET /media/<key> (public, anyone): serves a stored image with its content type and a one-year
 * immutable cache (keys are unique and never rewritten). 404 text when absent.
 */

import { Hono } from "hono";
import { decodePath } from "../../shared/decode-path";
import type { AppEnv } from "../context";
import { MEDIA_URL_PREFIX } from "./media-storage";

export const mediaRoutes = new Hono<AppEnv>().get("/*", async (c) => {
  const key = decodePath(c.req.path.slice(MEDIA_URL_PREFIX.length));
  const object = key === null ? null : await c.get("deps").media.get(key);
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
