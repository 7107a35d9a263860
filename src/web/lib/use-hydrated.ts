import { HYDRATING_ATTRIBUTE } from "@shared/prerender";
import { createContext, createElement, type ReactNode, startTransition, useContext, useEffect, useState, useSyncExternalStore } from "react";

/** Whether the tree is the server's render or the browser's hydration of it (App's `hydrating`): set once, never changed. */
const HydratingContext = createContext(false);

/**
 * Whether the browser has hydrated the page (its first commit): a component mounted from then on
 * (another page reached in the app) starts hydrated.
 */
let pageHydrated = false;

/**
 * Provides useHydrated's starting point (App, around the router). Input: `hydrating`, true when
 * the tree is the server's render or the browser's hydration of it. Its value never changes: a
 * context that changed after hydration would reach every part of the page still waiting to
 * hydrate (React marks them all, not knowing what they read) and hold the update until their code
 * arrived, so the narrations, left as the server sent them (narration.tsx), would hold the page.
 * Once the page has hydrated it removes HYDRATING_ATTRIBUTE from #root: its buttons answer taps.
 */
export function HydratedProvider({ hydrating, children }: { hydrating: boolean; children: ReactNode }) {
  useEffect(() => {
    pageHydrated = true;
    // The server's page answers taps from now on (styles.css).
    document.getElementById("root")?.removeAttribute(HYDRATING_ATTRIBUTE);
  }, []);
  return createElement(HydratingContext.Provider, { value: hydrating }, children);
}

/**
 * Output: false while the server renders a page and while the browser hydrates it, true from the
 * render after (and at once in a page the browser renders itself, or reached in the app). For
 * parts that only the browser can show: what it alone knows (stored choices) or code it loads on
 * demand, which the server must not wait for (issue 12). Each component turns true in a
 * transition once hydrated: what changes then (the cookie banner, the virtualised story, the
 * 'Ascolta' controls) renders in slices that yield to the browser rather than in one long task on
 * a slow phone (issue 21: total blocking time).
 */
export function useHydrated(): boolean {
  const hydrating = useContext(HydratingContext);
  const [hydrated, setHydrated] = useState(() => !hydrating || pageHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
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
