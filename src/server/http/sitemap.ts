/**
 * The sitemap (issue 12, sitemaps.org protocol, written by the `sitemap` package): /sitemap.xml is
 * an index of /sitemaps/pages.xml (the public pages of spec §2 — /, /generi, /scopri, /galleria,
 * /prezzi — and every template's page) and /sitemaps/gallery-{n}.xml (the images' pages, newest
 * first, 50,000 per file as the protocol allows). Absolute URLs on the site's origin.
 */

import { Readable } from "node:stream";
import type { Context, Hono } from "hono";
import { SitemapIndexStream, SitemapStream } from "sitemap";
import type { AppEnv } from "../context";
import { countGalleryImages, galleryPagePaths } from "../features/gallery/gallery.service";
import { templatePagePaths } from "../features/templates/templates.service";
import { absoluteLinksCaching, siteOrigin } from "./site-origin";

/** URLs per sitemap file (the protocol's limit). */
export const URLS_PER_SITEMAP = 50_000;
const PUBLIC_PAGES = ["/", "/generi", "/scopri", "/galleria", "/prezzi"];

/** An XML answer streamed from a sitemap stream fed with `items`. */
function xmlAnswer(c: Context<AppEnv>, stream: SitemapStream | SitemapIndexStream, items: Iterable<object | string>) {
  for (const item of items) stream.write(item);
  stream.end();
  c.header("Content-Type", "application/xml; charset=utf-8");
  c.header("Cache-Control", absoluteLinksCaching(c));
  return c.body(Readable.toWeb(stream) as ReadableStream);
}

/**
 * Registers the sitemap routes. Answers: 200 application/xml; a gallery file beyond the last
 * one, or any other name under /sitemaps/, 404.
 */
export function mountSitemap(app: Hono<AppEnv>) {
  app.get("/sitemap.xml", async (c) => {
    const origin = siteOrigin(c);
    const galleryFiles = Math.ceil((await countGalleryImages(c.var.deps.db)) / URLS_PER_SITEMAP);
    const files = ["pages.xml", ...Array.from({ length: galleryFiles }, (_, i) => `gallery-${i + 1}.xml`)];
    return xmlAnswer(c, new SitemapIndexStream(), files.map((file) => `${origin}/sitemaps/${file}`));
  });

  app.get("/sitemaps/:file", async (c) => {
    const { db } = c.var.deps;
    const file = c.req.param("file");
    const hostname = siteOrigin(c);
    if (file === "pages.xml") {
      const templates = await templatePagePaths(db, URLS_PER_SITEMAP - PUBLIC_PAGES.length);
      return xmlAnswer(c, new SitemapStream({ hostname }), [
        ...PUBLIC_PAGES.map((url) => ({ url })),
        ...templates.map(({ path, lastmod }) => ({ url: path, lastmod })),
      ]);
    }
    const page = /^gallery-([1-9]\d{0,5})\.xml$/.exec(file);
    if (!page) return c.notFound();
    const images = await galleryPagePaths(db, { offset: (Number(page[1]) - 1) * URLS_PER_SITEMAP, limit: URLS_PER_SITEMAP });
    if (!images.length) return c.notFound();
    return xmlAnswer(c, new SitemapStream({ hostname }), images.map(({ path, lastmod }) => ({ url: path, lastmod })));
  });
}
