/**
 * The old English addresses (spec §2 route table: /discover, /genres, /create, /game/…, /gallery,
 * /gallery/{id}, /pricing, /profile, /admin/games redirect) and where each now lives. The server
 * answers them with a permanent redirect (http/legacy-redirects.ts) and the web app's router
 * redirects them on client navigation (router.tsx); both keep the query string, and the browser
 * keeps the #fragment (issue 22 §7).
 */

/** [old path, new path], with Express-style parameters (`:id`) carried from one to the other. */
export const LEGACY_PATHS: readonly (readonly [from: string, to: string])[] = [
  ["/discover", "/scopri"],
  ["/genres", "/generi"],
  ["/create", "/crea-gioco"],
  ["/game/:genre/:gameId", "/gioco/:genre/:gameId"],
  ["/gallery", "/galleria"],
  ["/gallery/:id", "/galleria/:id"],
  ["/gallery/:id/:slug", "/galleria/:id/:slug"],
  ["/pricing", "/prezzi"],
  ["/profile", "/profilo"],
  ["/admin/games", "/admin/activity"],
];

/**
 * Input: a target with `:name` parameters, the matched parameters (decoded) and the request's
 * query string ('' or '?…'). Output: the address to redirect to, each parameter URL-encoded.
 */
export function legacyTarget(to: string, params: Record<string, string | undefined>, search: string): string {
  return to.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? "")) + search;
}
