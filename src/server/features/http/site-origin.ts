/**
 * The site's own origin for absolute links (Open Graph, canonical URLs, robots.txt, sitemap):
 * PUBLIC_URL when it is set, else the origin the request was made to (a site run without
 * PUBLIC_URL answers on its local addresses; a forged Host header then only changes the
 * forger's own answer, and such answers are not cached as public).
 */

import type { Context } from "hono";
import type { AppEnv } from "../../domain/context";

/** Input: the request context. Output: "https://storie.ai" (no trailing slash). */
export function siteOrigin(c: Context<AppEnv>): string {
  return c.var.deps.env.PUBLIC_URL?.replace(/\/+$/, "") ?? new URL(c.req.url).origin;
}

/** Cache-Control for a public answer holding absolute links: shared caches only with PUBLIC_URL. */
export function absoluteLinksCaching(c: Context<AppEnv>): string {
  return c.var.deps.env.PUBLIC_URL ? "public, max-age=3600" : "no-cache";
}
