/**
 * No shared cache keeps an answer that depends on the session (issue 19: `/` with a session shows
 * the player's e-mail). Every answer to a request that carries the session cookie, pages and API
 * alike, leaves `Cache-Control: private` (with its own directives, or no-cache) and `Vary: Cookie`;
 * answers marked `public` (images, hashed assets, the plans) or already private / no-store are
 * left as they are: they do not depend on who asks.
 */

import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../domain/context";

/** Better Auth's session cookie (cookiePrefix 'storie'), plain and behind HTTPS. */
const SESSION_COOKIES = ["storie.session_token", "__Secure-storie.session_token"];

/** Middleware for every route (app.ts): marks session-dependent answers private. */
export const privateWhenSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const cookies = getCookie(c);
  if (!SESSION_COOKIES.some((name) => name in cookies)) return;
  const caching = c.res.headers.get("Cache-Control");
  if (caching && /\b(public|private|no-store)\b/.test(caching)) return;
  c.res.headers.set("Cache-Control", caching ? `private, ${caching}` : "private, no-cache");
  c.res.headers.append("Vary", "Cookie");
});
