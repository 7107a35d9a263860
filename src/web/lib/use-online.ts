/**
 * Whether the browser is online (issue 39 "Installable": the game page's 'Sei offline' banner).
 * Reads navigator.onLine and follows the window's online/offline events through
 * useSyncExternalStore; on the server, and while a server-rendered page hydrates, it says online
 * (the server's HTML never shows the banner), then the browser's own value.
 */

import { useSyncExternalStore } from "react";

/** Subscribes a listener to the window's online and offline events. Output: the unsubscribe function. */
function subscribe(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Output: true when the browser says it has a network (navigator.onLine), false when offline. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
