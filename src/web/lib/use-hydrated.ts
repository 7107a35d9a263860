import { createContext, createElement, type ReactNode, startTransition, useContext, useEffect, useState, useSyncExternalStore } from "react";

/** Whether the page has been hydrated (true in a page the browser renders itself). */
const HydratedContext = createContext(true);

/**
 * Provides useHydrated's answer (App, around the router). Input: `hydrating`, true when the tree
 * is the server's render or the browser's hydration of it. Once the browser has hydrated the
 * page, the answer turns true in a transition: what changes then (the cookie banner, the
 * virtualised story, the 'Ascolta' controls) renders in slices that yield to the browser rather
 * than in one long task on a slow phone (issue 21: total blocking time).
 */
export function HydratedProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return createElement(HydratedContext.Provider, { value: hydrated }, children);
}

/**
 * Output: false while the server renders a page and while the browser hydrates it, true from the
 * render after (and at once in a page the browser renders itself). For parts that only the
 * browser can show: what it alone knows (stored choices) or code it loads on demand, which the
 * server must not wait for (issue 12).
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** No store to follow: useHydratedHere's answer changes once, when React re-renders after hydrating. */
const subscribeNever = () => () => {};

/**
 * Output: false in the server's render and while React hydrates the component that calls it, true
 * from its next render (at once in a part the browser renders itself). Unlike useHydrated, which
 * answers for the whole page, this answers for the calling component: in a part hydrated on its
 * own once its code arrives (selective hydration, issue 21) it stays false until that part runs.
 */
export function useHydratedHere(): boolean {
  return useSyncExternalStore(subscribeNever, () => true, () => false);
}
