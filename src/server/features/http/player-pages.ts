/**
 * The signed-in player's own pages sent already rendered (issue 21: the game page as fast on a
 * phone as the public pages): /gioco/{genre}/{gameId} and /profilo. prerender.ts renders them
 * with the data the API answers for the request's cookie, so the API's authorisation decides what
 * a page holds (another player's game is a 404 there, a visitor has no session: the page then
 * renders as still loading, and the browser sends the visitor to /login).
 *
 * Each answer is `Cache-Control: private, no-cache` and varies on the cookie: a browser keeps it
 * only for its own player and revalidates it, and no shared cache (proxy, CDN) may store it.
 * Registered before the SPA fallback; /gioco/{genre}/new (which creates a game) is left to it.
 */

import type { Context, Hono } from "hono";
import type { AppEnv } from "../../domain/context";
import type { PageHtml } from "./prerender";

/** Cache-Control of a page that shows one player's data. */
export const PLAYER_PAGE_CACHING = "private, no-cache";

/** Registers the pages. Input: the app and the page's HTML for a request (prerender.ts). */
export function mountPlayerPages(app: Hono<AppEnv>, pageHtml: PageHtml) {
  const answer = async (c: Context<AppEnv>) => {
    c.header("Cache-Control", PLAYER_PAGE_CACHING);
    c.header("Vary", "Cookie", { append: true });
    return c.html(await pageHtml(c));
  };
  app.get("/gioco/:genre/:gameId", (c, next) => (c.req.param("gameId") === "new" ? next() : answer(c)));
  app.get("/profilo", answer);
}
