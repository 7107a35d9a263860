/**
 * Names the account of a story answer (issue 39 "Installable", docs/decisions/0024): a successful
 * GET /api/games/:id of a signed-in player carries ACCOUNT_HEADER with the player's id, and a game
 * page rendered with that answer carries it too (prerender.ts). The service worker keeps such an
 * answer for offline reading in that account's cache only, so one account's story never reaches
 * another. The header goes only to the player the answer is for (the session's own request).
 */

import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ACCOUNT_HEADER } from "../../../shared/account-header";
import type { AppEnv } from "../../domain/context";

/** Middleware for /api/games/:gameId (after the session is read): adds ACCOUNT_HEADER to a 200 GET. */
export const storyAccount = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const user = c.var.user;
  if (c.req.method === "GET" && user && c.res.status === 200) c.header(ACCOUNT_HEADER, user.id);
});

/**
 * Copies ACCOUNT_HEADER from an internal API answer a page is rendered with onto the page's answer.
 * Input: the page request's context and the API answer.
 */
export function copyStoryAccount(c: Context<AppEnv>, answer: Response): void {
  const account = answer.headers.get(ACCOUNT_HEADER);
  if (account) c.header(ACCOUNT_HEADER, account);
}
