import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * Output: false while the server renders a page and while the browser hydrates it, true from the
 * render after (and at once in a page the browser renders itself). For parts that only the
 * browser can show: what it alone knows (stored choices) or code it loads on demand, which the
 * server must not wait for (issue 12).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
