/**
 * The sitemap (issue 12, sitemaps.org protocol, written by the `sitemap` package): /sitemap.xml is
 * an index of /sitemaps/pages.xml (the public pages of spec §2 — /, /generi, /scopri, /galleria,
 * /prezzi —, every template's page and the shared stories their owners listed, issue 13) and /sitemaps/gallery-{n}.xml (the images' pages, newest
 * first, 50,000 per file as the protocol allows). Absolute URLs on the site's origin. Each file is
 * built once per 10 minutes, however many requests ask for it and for whatever origin (a file can hold 50,000
 * rows: a flood of requests must not become a flood of queries, whatever Host they send), and
 * dropped on every instance as soon as a share or a moderation decision changes what is public
 * (SITEMAP_TOPIC on the event bus, issue 19).
 */

import type { Context, Hono } from "hono";
import { SitemapIndexStream, SitemapStream, streamToPromise } from "sitemap";
import { ERRORS } from "../../../shared/errors";
import type { AppEnv } from "../../domain/context";
import { countGalleryImages, galleryPagePaths } from "../gallery/gallery.service";
import { sharedStoryPaths } from "../share/share.service";
import { templatePagePaths } from "../templates/templates.service";
import type { EventBus } from "../../platform/realtime/event-bus";
import { SITEMAP_TOPIC } from "../../platform/realtime/live-events";
import { escapeHtml } from "./page-head";
import { absoluteLinksCaching, siteOrigin } from "./site-origin";

/** URLs per sitemap file (the protocol's limit). */
export const URLS_PER_SITEMAP = 50_000;
const PUBLIC_PAGES = ["/", "/generi", "/scopri", "/galleria", "/prezzi"];

/** How long a built file is reused, and how many files are kept (gallery-N names are many). */
const CACHE_MS = 10 * 60_000;
const CACHE_ENTRIES = 64;
/** The origin the files are built for, replaced in each answer by the request's. */
const ORIGIN_MARK = "http://origin.sitemap.invalid";

/** 404 for a sitemap file that does not exist, in Italian (issue 19: not Hono's '404 Not Found'). */
function notFound(c: Context<AppEnv>) {
  return c.text(ERRORS.NOT_FOUND.message, 404);
}

/** The XML of a sitemap stream fed with `items`. */
function xmlOf(stream: SitemapStream | SitemapIndexStream, items: Iterable<object | string>): Promise<string> {
  for (const item of items) stream.write(item);
  stream.end();
  return streamToPromise(stream).then((buffer) => buffer.toString("utf8"));
}

/**
 * Registers the sitemap routes; `bus` tells when the cached files are stale. Answers: 200
 * application/xml; a gallery file beyond the last one, or any other name under /sitemaps/, 404.
 */
export function mountSitemap(app: Hono<AppEnv>, bus: EventBus) {
  const cache = new Map<string, { expires: number; xml: Promise<string | null> }>();
  bus.subscribe(SITEMAP_TOPIC, () => cache.clear());
  /**
   * The file's XML (null: no such file), built by `build` at most once per CACHE_MS whatever the
   * origin the request names: it is written for ORIGIN_MARK, which each answer replaces with the
   * request's origin (a forged Host cannot make it build again, nor push the file out).
   */
  const cached = (file: string, build: (origin: string) => Promise<string | null>) => {
    const hit = cache.get(file);
    if (hit && hit.expires > Date.now()) return hit.xml;
    if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
    const xml = build(ORIGIN_MARK);
    cache.set(file, { expires: Date.now() + CACHE_MS, xml });
    // A failed build is not kept.
    xml.catch(() => cache.delete(file));
    return xml;
  };
  const answer = async (c: Context<AppEnv>, xml: Promise<string | null>) => {
    const text = await xml;
    if (text === null) return notFound(c);
    c.header("Content-Type", "application/xml; charset=utf-8");
    c.header("Cache-Control", absoluteLinksCaching(c));
    return c.body(text.replaceAll(ORIGIN_MARK, escapeHtml(siteOrigin(c))));
  };

  app.get("/sitemap.xml", (c) =>
    answer(
      c,
      cached("sitemap.xml", async (origin) => {
        const galleryFiles = Math.ceil((await countGalleryImages(c.var.deps.db)) / URLS_PER_SITEMAP);
        const files = ["pages.xml", ...Array.from({ length: galleryFiles }, (_, i) => `gallery-${i + 1}.xml`)];
        return xmlOf(new SitemapIndexStream(), files.map((file) => `${origin}/sitemaps/${file}`));
      }),
    ),
  );

  app.get("/sitemaps/:file", (c) => {
    const { db } = c.var.deps;
    const file = c.req.param("file");
    if (file === "pages.xml") {
      return answer(
        c,
        cached(file, async (hostname) => {
          const templates = await templatePagePaths(db, URLS_PER_SITEMAP - PUBLIC_PAGES.length);
          const stories = await sharedStoryPaths(db, URLS_PER_SITEMAP - PUBLIC_PAGES.length - templates.length);
          return xmlOf(new SitemapStream({ hostname }), [
            ...PUBLIC_PAGES.map((url) => ({ url })),
            ...[...templates, ...stories].map(({ path, lastmod }) => ({ url: path, lastmod })),
          ]);
        }),
      );
    }
    const page = /^gallery-([1-9]\d{0,5})\.xml$/.exec(file);
    if (!page) return notFound(c);
    return answer(
      c,
      cached(file, async (hostname) => {
        const images = await galleryPagePaths(db, { offset: (Number(page[1]) - 1) * URLS_PER_SITEMAP, limit: URLS_PER_SITEMAP });
        return images.length ? xmlOf(new SitemapStream({ hostname }), images.map(({ path, lastmod }) => ({ url: path, lastmod }))) : null;
      }),
    );
  });
}
