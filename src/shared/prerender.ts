/**
 * What the server and the web's render module agree on to serve pages already rendered
 * (issue 12: "first paint before JavaScript"; issue 21: the signed-in player's game page and profile). The server loads the module built from
 * src/web/entry-server.tsx, asks it which API answers a page shows (prerenderPaths), fetches them
 * in-process with the visitor's cookie, and has it render the page with them (render). The answers
 * travel to the browser as the query cache's dehydrated state in
 * <script type="application/json" id="prerender-state">, so hydration starts from the same data
 * and asks the API nothing again.
 */

/**
 * The page rendered for one URL: the HTML inside #root, the JSON of the dehydrated cache, and the
 * page modules its routes load (paths from src/web, e.g. "features/landing/pages/landing-page.tsx"),
 * which the server has the browser fetch with the page so hydration does not wait for them.
 */
export interface PrerenderedPage {
  html: string;
  /** JSON, with "<" escaped, safe inside a <script type="application/json">. */
  state: string;
  modules: string[];
}

/** The interface of the built render module (dist-ssr/entry-server.js). */
export interface PrerenderModule {
  /** Input: a page URL (path + query). Output: the API paths under /api the page shows, in order. */
  prerenderPaths(url: string): string[];
  /**
   * Input: the page URL and, for each path of prerenderPaths(url), its 2xx JSON body or null
   * (failed: the page will fetch it itself). Output: the rendered page.
   */
  render(url: string, answers: readonly unknown[]): Promise<PrerenderedPage>;
  /**
   * Input: a page URL. Output: false when no page of the site has that address (the router's
   * catch-all shows 'Pagina non trovata'): the server then answers 404 (issue 39).
   */
  knownPage(url: string): boolean;
}

/** Id of the JSON element holding the dehydrated query cache. */
export const PRERENDER_STATE_ELEMENT_ID = "prerender-state";

/**
 * Attribute of #root on a page the server rendered, removed once React has hydrated it
 * (lib/use-hydrated.ts): until then its buttons take no pointer events (styles.css).
 */
export const HYDRATING_ATTRIBUTE = "data-hydrating";

/**
 * Where the server puts the site configuration (brand, links) for the render module, which has
 * no document to read it from: one value per process, like the environment it comes from.
 */
export const SERVER_SITE_CONFIG_KEY = Symbol.for("storie.site-config");
