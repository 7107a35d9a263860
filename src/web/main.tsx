/**
 * The browser's entry (issue 21): evaluates the app in steps (STEPS), each in a task of its own,
 * then start.tsx, which hydrates the page or renders the app. A phone showing a page the server
 * rendered is then never blocked long while the page comes alive: evaluated together, the app's
 * modules took one task of 129–169 ms on a 4× slower CPU (npm run bench:startup). A rendered page
 * preloads every step's chunks (the server reads them in the build manifest as the entry's
 * dynamic imports), so a step waits for no download.
 */

import "./styles.css";
import { nextTask } from "./lib/next-task";

/**
 * What is evaluated before start.tsx, one step per task: React; the layout every page has, the
 * routes and start.tsx (one chunk, "frame" in vite.config.ts); and tailwind-merge's tables, which
 * it builds on its first call (cn), else in the middle of hydration. No date is formatted here: the
 * first Intl formatter loads the browser's locale data (about 90 ms on a 4× slower CPU), which only
 * a page showing dates pays (the footer's year comes with the page, lib/site-year.ts).
 */
const STEPS: (() => Promise<unknown>)[] = [
  () => import("react-dom/client"),
  () => import("./app-shell/root-layout"),
  () => import("./lib/utils").then(({ cn }) => cn("p-0")),
];

async function boot(): Promise<void> {
  for (const step of STEPS) {
    await step();
    await nextTask();
  }
  const { start } = await import("./start");
  await start();
}

void boot();
