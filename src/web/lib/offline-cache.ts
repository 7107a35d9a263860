/**
 * The rules of offline reading (issue 39 "Installable"), shared by the service worker (src/web/sw.ts)
 * and the page: which requests are cached for the signed-in account, how an account's cache is
 * named, and how many stories it keeps. Pure and DOM-free (the worker imports it), zod-free.
 *
 * One account's pages never reach another: every story page and story JSON is kept in the cache
 * named after the account the server says answered it (the ACCOUNT_HEADER of the response), a
 * browser keeps one account's cache at a time, and signing out deletes it (docs/decisions/0024).
 */

export { ACCOUNT_HEADER } from "@shared/account-header";

/** Prefix of every account cache's name (Cache Storage). */
export const ACCOUNT_CACHE_PREFIX = "storie-account-";

/** Stories kept readable offline per account: the last ones opened. */
export const OFFLINE_STORIES = 10;

/** Entries of an account cache: each story keeps its page and its JSON. */
export const ACCOUNT_CACHE_ENTRIES = OFFLINE_STORIES * 2;

/** Message a page posts to the worker: the account now signed in (null: nobody, so no account cache). */
export interface AccountMessage {
  type: "storie-account";
  account: string | null;
}

/** Input: an account key (the ACCOUNT_HEADER's value). Output: the name of its cache. */
export function accountCacheName(account: string): string {
  return ACCOUNT_CACHE_PREFIX + account;
}

/** True when a Cache Storage name is an account cache (deleted at sign-out). */
export function isAccountCache(name: string): boolean {
  return name.startsWith(ACCOUNT_CACHE_PREFIX);
}

/** An account key as the server sends it: letters, digits, '-' and '_' only (else it is ignored). */
export function validAccount(value: string | null | undefined): string | null {
  return value && /^[A-Za-z0-9_-]{1,64}$/.test(value) ? value : null;
}

/**
 * Which story request a URL of this site is, if any. Input: the request's method and URL (same
 * origin). Output: 'page' for a game page /gioco/{genre}/{gameId} (not /gioco/{genre}/new, which
 * creates a game), 'json' for GET /api/games/{gameId}, null for anything else — in particular
 * /api/auth/*, admin pages, other API paths and every non-GET request are never cached.
 */
export function storyRequest(method: string, url: URL): "page" | "json" | null {
  if (method !== "GET" || url.search !== "") return null;
  if (/^\/gioco\/[^/]+\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith("/new")) return "page";
  if (/^\/api\/games\/[^/]+$/.test(url.pathname)) return "json";
  return null;
}

/** True for the built app's hashed files (/assets/*), cached once and kept (they never change). */
export function isBuiltAsset(url: URL): boolean {
  return url.pathname.startsWith("/assets/");
}
