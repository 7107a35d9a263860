/**
 * Pages sent already rendered (issue 12: "first paint before JavaScript" for the public pages;
 * issue 21: the game page and /profilo for the signed-in player, http/player-pages.ts): the SPA's
 * index.html with the page's HTML inside #root and the data it shows as the query cache's
 * dehydrated state, which the browser hydrates (src/web/start.tsx). The render module is built by
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
import { APP_SCRIPTS_ELEMENT_ID, START_APP_SCRIPT } from "../../../shared/first-paint-scripts";
import { HYDRATING_ATTRIBUTE, type PrerenderModule, PRERENDER_STATE_ELEMENT_ID, type PrerenderedPage, SERVER_SITE_CONFIG_KEY } from "../../../shared/prerender";
import type { SiteConfig } from "../../../shared/site-config";
import { copyStoryAccount } from "./story-account";
import type { AppEnv } from "../../domain/context";
import type { Logger } from "../../platform/ops/logger";

/** Input: the request of a page. Output: the HTML to send, rendered when possible. */
export type PageHtml = (c: Context<AppEnv>) => Promise<string>;

/**
 * The pages of the built web app: `html` renders one (PageHtml); `knownPage(pathname)` says
 * whether the site has a page at that address (false: the router's catch-all, 'Pagina non
 * trovata'; always true without a render module, whose router is the only one that knows).
 */
export interface PageRenderer {
  html: PageHtml;
  knownPage(pathname: string): Promise<boolean>;
}

const EMPTY_ROOT = '<div id="root"></div>';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json), by source path from src/web. */
interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  dynamicImports?: string[];
}

/**
 * Input: the build manifest. Output: the modules the browser's entry imports one after the
 * other as it starts (src/web/main.tsx's steps: its dynamic imports), which every rendered page
 * preloads with its own.
 */
export function startModules(manifest: Record<string, ManifestChunk>): string[] {
  return Object.values(manifest).find((chunk) => chunk.isEntry)?.dynamicImports ?? [];
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

/** index.html without the app's scripts, and those scripts' public paths (the entry first). */
export interface PageShell {
  html: string;
  scripts: string[];
}

/** A module script (group 1: its public path) or a modulepreload (group 2) of Vite's index.html. */
const APP_SCRIPT_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>|<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * index.html for pages the server renders: they paint without any script, so the app's scripts
 * leave <head> and are loaded by START_APP_SCRIPT once the page has painted (issue 39).
 * Input: the built index.html. Output: the page shell ({@link PageShell}). Throws when index.html
 * has no module script (not Vite's build): its pages would never come alive.
 */
export function pageShell(indexHtml: string): PageShell {
  let entry: string | undefined;
  const preloads: string[] = [];
  const html = indexHtml.replace(APP_SCRIPT_TAG, (_tag, script: string | undefined, preload: string) => {
    if (script) entry = script;
    else preloads.push(preload);
    return "";
  });
  if (!entry) throw new Error("index.html has no module script: build the site again (npm run build)");
  return { html, scripts: [entry, ...preloads] };
}

/**
 * Input: the page shell, the rendered page and its chunks (pageChunks). Output: the shell with
 * the page in #root (marked HYDRATING_ATTRIBUTE), its state right after, then the list of the
 * app's scripts (the shell's, then each of `chunks` not listed yet) and START_APP_SCRIPT, which
 * asks for them all once the page has painted: hydration starts as soon as the entry runs, not
 * one round trip later.
 */
export function withPrerenderedPage(shell: PageShell, page: PrerenderedPage, chunks: readonly string[]): string {
  const scripts = JSON.stringify([...new Set([...shell.scripts, ...chunks])]);
  return shell.html.replace(
    EMPTY_ROOT,
    () =>
      `<div id="root" ${HYDRATING_ATTRIBUTE}>${page.html}</div><script type="application/json" id="${PRERENDER_STATE_ELEMENT_ID}">${page.state}</script>` +
      `<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">${scripts}</script><script>${START_APP_SCRIPT}</script>`,
  );
}

/**
 * Input: the app (asked for the API answers), the SPA's index.html, the paths of the render
 * module and of the build manifest, the site configuration and the log. Output: a
 * {@link PageRenderer}. A page that fails to render is logged and sent unrendered: the browser then
 * renders it as a single-page app.
 */
export function pageRenderer(
  app: Hono<AppEnv>,
  indexHtml: string,
  paths: { entry: string; manifest: string },
  config: SiteConfig,
  logger: Logger,
): PageRenderer {
  if (!fs.existsSync(paths.entry)) return { html: async () => indexHtml, knownPage: async () => true };
  const shell = pageShell(indexHtml);
  const manifest = fs.existsSync(paths.manifest) ? (JSON.parse(fs.readFileSync(paths.manifest, "utf8")) as Record<string, ManifestChunk>) : {};
  const start = startModules(manifest);
  let loading: Promise<PrerenderModule> | undefined;
  const load = () => {
    (globalThis as Record<symbol, SiteConfig>)[SERVER_SITE_CONFIG_KEY] = config;
    loading ??= import(pathToFileURL(paths.entry).href) as Promise<PrerenderModule>;
    return loading;
  };
  const html: PageHtml = async (c) => {
    const { pathname, search } = new URL(c.req.url);
    const url = pathname + search;
    try {
      const module = await load();
      const cookie = c.req.header("cookie");
      const answers = await Promise.all(
        module.prerenderPaths(url).map(async (path) => {
          const response = await app.request(`/api${path}`, { headers: cookie ? { cookie } : {} });
          // A game page carries the account of its game's answer (issue 39, story-account.ts).
          copyStoryAccount(c, response);
          return response.ok ? ((await response.json()) as unknown) : null;
        }),
      );
      const page = await module.render(url, answers);
      return withPrerenderedPage(shell, page, pageChunks(manifest, [...start, ...page.modules]));
    } catch (error) {
      logger.error({ err: error, path: pathname }, "Pagina inviata senza prerendering");
      return indexHtml;
    }
  };
  // A render module that cannot load knows no routes: every page is then served as before.
  return { html, knownPage: async (pathname) => (await load().catch(() => null))?.knownPage(pathname) ?? true };
}
