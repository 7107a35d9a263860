/**
 * The page's side of the site's service worker (src/web/sw.ts, issue 39 "An app on the home
 * screen"): registered for every visitor once the page has loaded (not only when push is turned
 * on), told which account is signed in, and its account caches deleted at sign-out, so the stories
 * kept for offline reading never reach another account (docs/decisions/0024).
 */

import { useEffect } from "react";
import { isAccountCache, storyRequest, type AccountMessage } from "@/lib/offline-cache";

/** True where this page can have a service worker (a production build, a browser that has them). */
function workerWanted(): boolean {
  return import.meta.env.PROD && typeof navigator !== "undefined" && "serviceWorker" in navigator;
}

/**
 * What this page fetched before the worker controlled it: the built files (same origin,
 * /assets/*) and, on a story page, the page and its JSON (the worker keeps those only when the
 * server names their account: storyRequest, ACCOUNT_HEADER).
 */
function loadedBeforeWorker(): string[] {
  const assets = performance
    .getEntriesByType("resource")
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${location.origin}/assets/`));
  const here = new URL(location.href);
  if (storyRequest("GET", here) !== "page") return assets;
  const gameId = here.pathname.split("/").at(-1)!;
  return [...assets, here.href, `${location.origin}/api/games/${gameId}`];
}

/**
 * Registers /sw.js (scope /) after the page's load event, so it never competes with the page's own
 * files; on a page it did not control yet (the first visit), once it is active, hands it what the
 * page already fetched (Workbox's CACHE_URLS message), so the first story opened also reads offline. A failure (private mode, a
 * browser setting) is logged as a warning and the site works as before.
 */
export function registerServiceWorker(): void {
  if (!workerWanted()) return;
  const register = async () => {
    try {
      const controlled = navigator.serviceWorker.controller !== null;
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      if (!controlled) registration.active?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: loadedBeforeWorker() } });
    } catch (error) {
      console.warn("Service worker non registrato:", error);
    }
  };
  if (document.readyState === "complete") void register();
  else window.addEventListener("load", () => void register(), { once: true });
}

/** Posts the signed-in account (null: nobody) to the active worker, which drops every other account's cache. */
function tellWorker(account: string | null): void {
  if (!workerWanted()) return;
  void navigator.serviceWorker.ready.then((registration) => {
    registration.active?.postMessage({ type: "storie-account", account } satisfies AccountMessage);
  });
}

/**
 * Keeps the worker's account caches to the signed-in account. Input: the account's id, null for a
 * visitor or after the session ended, undefined while the session is unknown (loading, or offline:
 * then nothing changes).
 */
export function useWorkerAccount(account: string | null | undefined): void {
  useEffect(() => {
    if (account !== undefined) tellWorker(account);
  }, [account]);
}

/**
 * Deletes every account cache of this site (Cache Storage, from the page itself, so it does not
 * depend on the worker being awake) and tells the worker nobody is signed in. Called at sign-out;
 * resolves once the caches are gone (a browser without Cache Storage: at once).
 */
export async function clearAccountCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  try {
    const names = (await caches.keys()).filter(isAccountCache);
    await Promise.all(names.map((name) => caches.delete(name)));
  } catch (error) {
    console.warn("Cache dell'account non svuotata:", error);
  }
  tellWorker(null);
}
