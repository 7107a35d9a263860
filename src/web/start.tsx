/**
 * The app's start (main.tsx's last step): hydrates a page the server rendered (issue 12; its
 * query cache comes in #prerender-state and the lazy route modules of the URL load first, so the
 * first render matches the server's HTML), or renders the single-page app into an empty #root.
 * A page whose server HTML differs from the browser's first render, or that fails while
 * rendering, is reported on the console (issue 21: the e2e specs fail on any console error).
 */

import { PRERENDER_STATE_ELEMENT_ID } from "@shared/prerender";
import { hydrate } from "@tanstack/react-query";
import { startTransition } from "react";
import { createRoot, type ErrorInfo, hydrateRoot, type RootOptions } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app";
import { nextTask } from "./lib/next-task";
import { queryClient } from "./lib/query-client";
import { registerServiceWorker } from "./lib/service-worker";
import { AppRoutes, preloadRoutes } from "./router";

/** Logs an error React reports with the component stack where it happened. */
const report = (kind: string) => (error: unknown, info: ErrorInfo) => {
  console.error(`${kind}:`, error, info.componentStack ?? "");
};

/**
 * React 19's reporting: a hydration mismatch (React then renders the page again in the browser)
 * is a recoverable error; an error no boundary caught is an uncaught one.
 */
const ROOT_OPTIONS: RootOptions = {
  onRecoverableError: report("Errore recuperabile (idratazione)"),
  onUncaughtError: report("Errore non gestito"),
};

/**
 * Hydrates the page in #root if the server rendered it (its state in #prerender-state), else
 * renders the app there. Hydration errors go to the console (ROOT_OPTIONS).
 */
export async function start(): Promise<void> {
  const container = document.getElementById("root")!;
  const state = document.getElementById(PRERENDER_STATE_ELEMENT_ID)?.textContent;
  if (state) {
    hydrate(queryClient, JSON.parse(state));
    await preloadRoutes(window.location.pathname);
    // The page's modules were evaluated in this task: hydration starts in the next.
    await nextTask();
  }
  const app = (
    <App client={queryClient} hydrating={Boolean(state)}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </App>
  );
  // As a transition, React renders (or hydrates) the page in slices that yield to the browser
  // between them, rather than in one long task on a slow phone (issue 21: total blocking time);
  // a press during hydration is replayed once its part is hydrated.
  startTransition(() => {
    if (state) hydrateRoot(container, app, ROOT_OPTIONS);
    else createRoot(container, ROOT_OPTIONS).render(app);
  });
  // The service worker (offline reading, push) for every visitor, after the page's load (issue 39).
  registerServiceWorker();
}
