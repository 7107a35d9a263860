/**
 * The browser's entry (issue 21): evaluates the app in steps, each in a task of its own, so that
 * a phone showing a page the server rendered is never blocked long while that page comes alive:
 * React, then the routes and the layout (router.tsx), then start.tsx, which hydrates the page or
 * renders the app. Evaluated together, the app's modules took one task of 129–169 ms on a 4×
 * slower CPU (bench:startup). A rendered page preloads every step's chunks (the server reads them
 * in the build manifest as the entry's dynamic imports), so a step waits for no download.
 */

import "./styles.css";

/** Resolves in a new task: a message the page sends itself (unlike a timer, never delayed in a background tab). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

async function boot(): Promise<void> {
  await import("react-dom/client");
  await nextTask();
  await import("./router");
  await nextTask();
  const { start } = await import("./start");
  await start();
}

void boot();
