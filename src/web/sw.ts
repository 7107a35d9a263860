/**
 * The site's service worker, served at /sw.js with scope / and registered for every visitor on
 * load (issue 39 "An app on the home screen"):
 * - push (issue 39 "Push notifications"): shows a push as a notification with the Italian title and
 *   body it carries, and a tap on it focuses a tab already on the page it names, or opens one;
 * - offline reading (issue 39 "Installable", docs/decisions/0024): the app shell (the built files
 *   the entry, the game page and /generi need, listed at build time by scripts/build-sw.mjs) is
 *   precached; any other built file is cached the first time it is fetched; the last
 *   OFFLINE_STORIES game pages and their GET /api/games/:id JSON are fetched from the network
 *   first and kept in the cache of the account the server says they belong to, and served from
 *   there only when the network fails. /api/auth/*, admin pages and non-GET requests never pass
 *   through a cache.
 * Built on its own with the Workbox runtime modules (scripts/build-sw.mjs, esbuild) as a classic
 * script; it imports no page code but the pure rules of src/web/lib/offline-cache.ts.
 */

import { CacheExpiration, ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import type { RouteHandlerCallbackOptions } from "workbox-core/types";
import { Route, Router } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { ACCOUNT_CACHE_ENTRIES, ACCOUNT_HEADER, accountCacheName, isAccountCache, isBuiltAsset, storyRequest, validAccount, type AccountMessage } from "./lib/offline-cache";

/** The built files to precache, listed at build time (scripts/build-sw.mjs; empty in a bare build). */
declare const __PRECACHE_MANIFEST__: PrecacheEntry[] | undefined;

/** The part of the service worker scope this file uses (the project's types are the DOM's). */
interface WorkerScope {
  location: Location;
  registration: { showNotification(title: string, options: NotificationOptions): Promise<void> };
  clients: {
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<{ url: string; focus(): Promise<unknown> }[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, listener: (event: WorkerEvent) => void): void;
}
interface WorkerEvent {
  waitUntil(work: Promise<unknown>): void;
  data?: { json(): unknown } | null;
  notification?: Notification;
}
/** A page's message to the worker (the `message` event). */
interface WorkerMessageEvent {
  waitUntil(work: Promise<unknown>): void;
  data?: unknown;
}

const worker = self as unknown as WorkerScope;

/** A path of this site from a push's `url` (anything else opens the home page). */
function sitePath(url: unknown): string {
  if (typeof url !== "string" || !url.startsWith("/") || url.startsWith("//")) return "/";
  return new URL(url, worker.location.origin).pathname;
}

worker.addEventListener("install", (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener("activate", (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener("push", (event) => {
  let push: { title?: unknown; body?: unknown; url?: unknown; kind?: unknown } = {};
  try {
    push = (event.data?.json() ?? {}) as typeof push;
  } catch {
    // Not JSON: the generic notification below.
  }
  const title = typeof push.title === "string" ? push.title : "Storie.ai";
  const body = typeof push.body === "string" ? push.body : "";
  event.waitUntil(worker.registration.showNotification(title, { body, icon: "/favicon.svg", tag: typeof push.kind === "string" ? push.kind : undefined, data: { url: sitePath(push.url) } }));
});

worker.addEventListener("notificationclick", (event) => {
  const notification = event.notification!;
  notification.close();
  const path = sitePath((notification.data as { url?: unknown } | null)?.url);
  const target = new URL(path, worker.location.origin).href;
  event.waitUntil(
    worker.clients.matchAll({ type: "window", includeUncontrolled: true }).then((tabs) => {
      const open = tabs.find((tab) => tab.url === target);
      return open ? open.focus() : worker.clients.openWindow(target);
    }),
  );
});

// ---- Offline reading (issue 39 "Installable") ----

const precached = typeof __PRECACHE_MANIFEST__ === "undefined" ? [] : __PRECACHE_MANIFEST__;
cleanupOutdatedCaches();
precacheAndRoute(precached);

/** The routes past the precache's (workbox-precaching answers its own files first). */
const router = new Router();

// Every other built file (hashed, so never stale): from the cache once fetched; the least used go
// first past 200 files or 30 days.
router.registerRoute(
  new Route(
    ({ url, request, sameOrigin }) => sameOrigin && request.method === "GET" && isBuiltAsset(url),
    new CacheFirst({ cacheName: "storie-assets", plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })] }),
  ),
);

/** Every account cache but `keep`'s, deleted (with the expiration bookkeeping of each). */
async function deleteAccountCaches(keep: string | null): Promise<void> {
  const names = (await caches.keys()).filter((name) => isAccountCache(name) && name !== keep);
  await Promise.all(names.map((name) => new CacheExpiration(name).delete().then(() => caches.delete(name))));
}

/**
 * Keeps a story answer in its account's cache: the account is the one the server named in the
 * answer (ACCOUNT_HEADER), any other account's cache is deleted first (one account per browser at
 * a time), and past ACCOUNT_CACHE_ENTRIES the least recently opened entries go.
 */
async function keepForAccount(account: string, request: Request, response: Response): Promise<void> {
  const name = accountCacheName(account);
  await deleteAccountCaches(name);
  const cache = await caches.open(name);
  await cache.put(request.url, response);
  const expiration = new CacheExpiration(name, { maxEntries: ACCOUNT_CACHE_ENTRIES });
  await expiration.updateTimestamp(request.url);
  await expiration.expireEntries();
}

/** The kept answer for a URL in the (single) account cache, or undefined. */
async function keptAnswer(url: string): Promise<Response | undefined> {
  const names = (await caches.keys()).filter(isAccountCache);
  if (names.length !== 1) return undefined;
  return (await caches.open(names[0]!)).match(url, { ignoreVary: true });
}

/**
 * A game page or its JSON: the network's answer whenever there is one (an error status included:
 * a game another account cannot see stays a 404); a successful answer naming its account is kept
 * for offline reading. When the network fails, the kept answer of the account cache, else the error.
 */
async function networkThenAccountCache({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await keptAnswer(request.url);
    if (kept) return kept;
    throw error;
  }
  const account = validAccount(response.headers.get(ACCOUNT_HEADER));
  if (response.ok && account) {
    const stored = keepForAccount(account, request, response.clone());
    (event as unknown as WorkerEvent | undefined)?.waitUntil(stored);
  }
  return response;
}

router.registerRoute(new Route(({ url, request, sameOrigin }) => sameOrigin && storyRequest(request.method, url) !== null, networkThenAccountCache));
router.addFetchListener();

// A page tells which account is signed in: any other account's cache goes (all of them when nobody is).
worker.addEventListener("message", (raw) => {
  const event = raw as unknown as WorkerMessageEvent;
  const message = event.data as Partial<AccountMessage> | undefined;
  if (message?.type !== "storie-account") return;
  const account = validAccount(message.account);
  event.waitUntil(deleteAccountCaches(account ? accountCacheName(account) : null));
});

// A page's list of the built files it loaded before the worker controlled it ({type: 'CACHE_URLS'}):
// each is fetched through its route above, so the first page opened reads offline too.
router.addCacheListener();
