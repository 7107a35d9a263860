/**
 * The site's service worker, served at /sw.js with scope / (issue 39 "Push notifications"): shows
 * a push as a notification with the Italian title and body it carries, and a tap on it focuses a
 * tab already on the page it names, or opens one. Built on its own (package.json build:sw) as a
 * classic script; it imports nothing, so no page code reaches it.
 */

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
