/**
 * Where a navigation stands, for the router's declarative mode (ADR 0020): a page's code that is
 * loading (the thin progress bar, and the game page that must not redirect meanwhile) and the
 * page the site frame last showed (a step that must wait until the player has left a page).
 */

import { useSyncExternalStore } from "react";

let loadingPages = 0;
let shownPath: string | null = null;
const listeners = new Set<() => void>();
const waiting = new Map<string, (() => void)[]>();

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Input: the loading of a page's code a navigation waits for. Output: the same promise; while it
 * is pending, usePageLoading() is true.
 */
export function trackPageLoad<T>(loading: Promise<T>): Promise<T> {
  loadingPages++;
  changed();
  return loading.finally(() => {
    loadingPages--;
    changed();
  });
}

/** Output: true while a navigation waits for a page's code (always false on the server and while hydrating). */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => loadingPages > 0,
    () => false,
  );
}

/** Called by the site frame once it shows the page at `pathname` (after the commit). */
export function pageShown(pathname: string): void {
  shownPath = pathname;
  for (const resolve of waiting.get(pathname) ?? []) resolve();
  waiting.delete(pathname);
}

/** Output: whether this document has shown a page yet (false on its first render: no navigation within the app so far). */
export function anyPageShown(): boolean {
  return shownPath !== null;
}

/** Output: a promise resolved once the site frame shows the page at `pathname` (at once if it does). */
export function whenPageShown(pathname: string): Promise<void> {
  if (shownPath === pathname) return Promise.resolve();
  return new Promise((resolve) => waiting.set(pathname, [...(waiting.get(pathname) ?? []), resolve]));
}
