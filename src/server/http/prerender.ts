/**
 * Pages sent already rendered (issue 12: "first paint before JavaScript" for the public pages;
 * issue 21: the game page and /profilo for the signed-in player, http/player-pages.ts): the SPA's
 * index.html with the page's HTML inside #root and the data it shows as the query cache's
 * dehydrated state, which the browser hydrates (src/web/main.tsx). The render module is built by
 * `vite build --ssr` (src/web/entry-server.tsx → dist-ssr/entry-server.js, next to the published
 * dist/); without it (a server started before any build, the API tests) pages go out unrendered,
 * as before.
 *
 * The data comes from this server's own API, asked in-process with the visitor's cookie and
 * nothing else: the page shows exactly what the browser would fetch, with the same checks. Each
 * request renders with its own answers and its own query cache; nothing rendered is kept, so a
 * player's page never reaches anyone else (its route sets Cache-Control: private).
 */

import fs from "node:fs";
import { pathToFileURL } from "node:url";
import type { Context, Hono } from "hono";
import { type PrerenderModule, PRERENDER_STATE_ELEMENT_ID, type PrerenderedPage, SERVER_SITE_CONFIG_KEY } from "../../shared/prerender";
import { LOAD_PAGE_SCRIPTS_SCRIPT, PAGE_SCRIPTS_ELEMENT_ID } from "../../shared/first-paint-scripts";
import type { SiteConfig } from "../../shared/site-config";
import type { AppEnv } from "../context";
import type { Logger } from "../ops/logger";

/** Input: the request of a page. Output: the HTML to send, rendered when possible. */
export type PageHtml = (c: Context<AppEnv>) => Promise<string>;

const EMPTY_ROOT = '<div id="root"></div>';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), by source path from src/web. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * Input: the build manifest and the page modules a rendered page loads (PrerenderedPage.modules).
 * Output: the public paths of their chunks and of every chunk they import, in load order.
 */
export function pageChunks(manifest: Record<string, ManifestChunk>, modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const files: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.imports?.forEach(visit);
    files.push(`/${chunk.file}`);
  };
  modules.forEach(visit);
  return files;
}

/**
 * index.html with the rendered page in #root and its query state right after (issue 12), and the
 * app's scripts loaded only once the page has been painted (issue 21): the main script and its
 * modulepreloads leave the head for a JSON list, #page-scripts (the main script first, then the
 * preloads and each of `chunks`, the page's own code, once), which the constant
 * LOAD_PAGE_SCRIPTS_SCRIPT after it adds to the head after the first frame. The page reads
 * without them; on a slow phone the style sheet and the text come first, and the code of the
 * page is still fetched with the main script, not one round trip after it.
 * Input: index.html, the rendered page, the page's chunks ('/assets/…', pageChunks). Output: the HTML.
 */
export function withPrerenderedPage(indexHtml: string, page: PrerenderedPage, chunks: readonly string[]): string {
  const scripts: string[] = [];
  const head = indexHtml.replace(/<script type="module" [^>]*src="([^"]+)"><\/script>|<link rel="modulepreload" [^>]*href="([^"]+)">/g, (_tag, entry: string | undefined, preload: string | undefined) => {
    if (entry) scripts.unshift(entry);
    else scripts.push(preload!);
    return "";
  });
  for (const chunk of chunks) if (!scripts.includes(chunk)) scripts.push(chunk);
  return head.replace(
    EMPTY_ROOT,
    () =>
      `<div id="root">${page.html}</div><script type="application/json" id="${PRERENDER_STATE_ELEMENT_ID}">${page.state}</script>` +
      `<script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">${JSON.stringify(scripts)}</script><script>${LOAD_PAGE_SCRIPTS_SCRIPT}</script>`,
  );
}

/**
 * Input: the app (asked for the API answers), the SPA's index.html, the paths of the render
 * module and of the build manifest, the site configuration and the log. Output: PageHtml. A page
 * that fails to render is logged and sent unrendered: the browser then renders it as a
 * single-page app.
 */
export function pageRenderer(
  app: Hono<AppEnv>,
  indexHtml: string,
  paths: { entry: string; manifest: string },
  config: SiteConfig,
  logger: Logger,
): PageHtml {
  if (!fs.existsSync(paths.entry)) return async () => indexHtml;
  const manifest = fs.existsSync(paths.manifest) ? (JSON.parse(fs.readFileSync(paths.manifest, "utf8")) as Record<string, ManifestChunk>) : {};
  let loading: Promise<PrerenderModule> | undefined;
  const load = () => {
    (globalThis as Record<symbol, SiteConfig>)[SERVER_SITE_CONFIG_KEY] = config;
    loading ??= import(pathToFileURL(paths.entry).href) as Promise<PrerenderModule>;
    return loading;
  };
  return async (c) => {
    const { pathname, search } = new URL(c.req.url);
    const url = pathname + search;
    try {
      const module = await load();
      const cookie = c.req.header("cookie");
      const answers = await Promise.all(
        module.prerenderPaths(url).map(async (path) => {
          const response = await app.request(`/api${path}`, { headers: cookie ? { cookie } : {} });
          return response.ok ? ((await response.json()) as unknown) : null;
        }),
      );
      const page = await module.render(url, answers);
      return withPrerenderedPage(indexHtml, page, pageChunks(manifest, page.modules));
    } catch (error) {
      logger.error({ err: error, path: pathname }, "Pagina inviata senza prerendering");
      return indexHtml;
    }
  };
}
