/**
 * The web app rendered by the server (issue 12: public pages paint before JavaScript). Built by
 * `vite build --ssr` into dist-ssr/entry-server.js and loaded by src/server/features/http/prerender.ts.
 * The server asks prerenderPaths(url) for the API answers a page shows, fetches them, then calls
 * render(url, answers): the page's HTML and the dehydrated query cache the browser hydrates from
 * (start.tsx). Pages without an entry below render from the session alone (their text is in the
 * code, e.g. /generi).
 */

import type { PrerenderedPage, PrerenderModule } from "@shared/prerender";
import { dehydrate, type QueryKey, QueryClient } from "@tanstack/react-query";
import { prerender } from "react-dom/static";
import { matchRoutes, type Params, StaticRouter } from "react-router";
import { App } from "./app";
import { gameApiPath, gameKey, HEALTH_PATH, healthQuery } from "./features/game/api";
import { galleryPagePath, galleryQuery, imageApiPath, imageQuery } from "./features/gallery/api";
import { PLANS_PATH, plansQuery } from "./features/pricing/api";
import { PROFILE_GAMES_PATH, PROFILE_PATH, profileGamesQuery, profileQuery } from "./features/profile/api";
import { creatorApiPath, creatorQuery, discoverPagePath, discoverQuery, savedTemplatesPagePath, savedTemplatesQuery, templateApiPath, templateQuery } from "./features/templates/api";
import { NOTIFICATIONS_PATH, notificationsQuery } from "./features/notifications/api";
import { meQuery, SESSION_PATH } from "./lib/session";
import { siteYearQuery } from "./lib/site-year";
import { currentYear } from "@shared/italian-date";
import { AppRoutes, NOT_FOUND_ROUTE_ID, type PageHandle, routes } from "./router";
import type { SessionView } from "@/lib/api-contract";

/** One API answer a page shows: its path, where the cache keeps it and how. */
interface PageData {
  path: string;
  queryKey: QueryKey;
  /** The cached value made from the answer's body. */
  toCache: (body: unknown) => unknown;
}

/** An infinite query's cache holding the answer as its first page. */
const firstPage = (body: unknown) => ({ pages: [body], pageParams: [null] });
const asIs = (body: unknown) => body;

/**
 * The data of each prerendered route (router.tsx ids), besides the session every page shows; the
 * address's query names the view (/scopri?filtro=salvati, /galleria?vista=storie). The game page
 * and /profilo are the signed-in player's own (issue 21): their answers come from the API with
 * the player's cookie, so another player's game is a 404 there and renders as a page still loading.
 */
const ROUTE_DATA: Record<string, (params: Params, search: URLSearchParams) => PageData[]> = {
  pricing: () => [{ path: PLANS_PATH, queryKey: plansQuery.queryKey, toCache: asIs }],
  discover: (_params, search) =>
    search.get("filtro") === "salvati"
      ? [{ path: savedTemplatesPagePath(null), queryKey: savedTemplatesQuery.queryKey, toCache: firstPage }]
      : [{ path: discoverPagePath(null), queryKey: discoverQuery.queryKey, toCache: firstPage }],
  creator: (params) => [{ path: creatorApiPath(params.nickname ?? ""), queryKey: creatorQuery(params.nickname ?? "").queryKey, toCache: asIs }],
  // Issue 40 §4: the landing page shows stories to play (the first page of Scopri).
  landing: () => [{ path: discoverPagePath(null), queryKey: discoverQuery.queryKey, toCache: firstPage }],
  template: (params) => [{ path: templateApiPath(params.templateId ?? ""), queryKey: templateQuery(params.templateId ?? "").queryKey, toCache: asIs }],
  // 'Storie condivise' loads its own code and data in the browser.
  gallery: (_params, search) => (search.get("vista") === "storie" ? [] : [{ path: galleryPagePath(null), queryKey: galleryQuery.queryKey, toCache: firstPage }]),
  image: (params) => [{ path: imageApiPath(params.id ?? ""), queryKey: imageQuery(params.id ?? "").queryKey, toCache: asIs }],
  game: (params) => [
    { path: gameApiPath(params.gameId ?? ""), queryKey: gameKey(params.gameId ?? ""), toCache: asIs },
    { path: HEALTH_PATH, queryKey: healthQuery.queryKey, toCache: asIs },
  ],
  // The security card and the linked accounts read Better Auth's client in the browser.
  profile: () => [
    { path: PROFILE_PATH, queryKey: profileQuery.queryKey, toCache: asIs },
    { path: PROFILE_GAMES_PATH, queryKey: profileGamesQuery.queryKey, toCache: asIs },
    { path: savedTemplatesPagePath(null), queryKey: savedTemplatesQuery.queryKey, toCache: firstPage },
  ],
};

/** Input: a page URL. Output: the routes it matches (router.tsx, outermost first) with their parameters, and its query. */
function matchedRoutes(url: string) {
  const { pathname, searchParams } = new URL(url, "http://localhost");
  return { matches: matchRoutes(routes, pathname) ?? [], searchParams };
}

/**
 * Input: a page URL. Output: the session, the signed-in user's notifications (the header's bell;
 * a visitor's answer is a 401, left out of the cache) and the answers of its route.
 */
function pageData(url: string): PageData[] {
  const session: PageData = { path: SESSION_PATH, queryKey: meQuery.queryKey, toCache: (body) => (body as SessionView).me };
  const notifications: PageData = { path: NOTIFICATIONS_PATH, queryKey: notificationsQuery.queryKey, toCache: asIs };
  const { matches, searchParams } = matchedRoutes(url);
  return [session, notifications, ...matches.flatMap(({ route, params }) => (route.id && ROUTE_DATA[route.id] ? ROUTE_DATA[route.id]!(params, searchParams) : []))];
}

export const prerenderPaths: PrerenderModule["prerenderPaths"] = (url) => pageData(url).map((data) => data.path);

/** Input: a page URL. Output: false when only the router's catch-all ('Pagina non trovata') matches it (issue 39). */
export const knownPage: PrerenderModule["knownPage"] = (url) => !matchedRoutes(url).matches.some(({ route }) => route.id === NOT_FOUND_ROUTE_ID);

/**
 * Input: the page URL (path + query, e.g. "/scopri") and the answers of prerenderPaths(url) (null
 * for a failed one). Output: {html, state}. Throws when the route or any part of the page cannot
 * be rendered (the server then sends the page unrendered).
 */
export const render: PrerenderModule["render"] = async (url, answers): Promise<PrerenderedPage> => {
  // No retries and no fetching on the server: the answers are all the page gets.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  pageData(url).forEach((data, index) => {
    const body = answers[index];
    if (body !== null && body !== undefined) client.setQueryData(data.queryKey, data.toCache(body));
  });
  // The footer's year travels with the state: the browser then has no locale data to load for it.
  client.setQueryData(siteYearQuery.queryKey, currentYear());
  // prerender waits for every lazy part. A part that fails on the server would be left to the
  // browser with an inline script, which the CSP refuses: the whole page then goes out unrendered.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <App client={client} hydrating>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </App>,
    // Every Suspense boundary written in place: React outlines a boundary past its progressive
    // chunk size (12,800 bytes of page by default) and reveals it with an inline script, which the
    // CSP refuses (issue 21: the profile's cards are lazy boundaries).
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) throw errors[0];
  const modules = matchedRoutes(url).matches.flatMap(({ route }) => {
    const module = (route.handle as PageHandle | undefined)?.module;
    return module ? [module] : [];
  });
  return { html, state: JSON.stringify(dehydrate(client)).replace(/</g, "\\u003c"), modules };
};
