/**
 * Every JSON endpoint of a running server, read from the app itself (tests of issue 9: limits,
 * malformed bodies, fuzzing), so a new route is covered without editing a list: the routes the
 * Hono app registers under /api, and Better Auth's own endpoints (from auth.api) under /api/auth.
 */

import type { RunningServer } from "../app/server";
import { createApp } from "../app/app";

export interface JsonRoute {
  method: string;
  /** Path pattern with :params, e.g. /api/games/:id/messages. */
  path: string;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The routes of a server.
 * Input: the running server. Output: {method, path} sorted, bodies = methods that take a body
 * (POST, PUT, PATCH, DELETE), reads = GET routes (streams included; callers skip what they must).
 */
export function jsonRoutes(server: RunningServer): { bodies: JsonRoute[]; reads: JsonRoute[] } {
  const seen = new Map<string, JsonRoute>();
  for (const route of createApp(server.deps).routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/") || route.path.startsWith("/api/auth/")) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  for (const endpoint of Object.values(server.deps.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>)) {
    if (!endpoint.path) continue;
    const methods = [endpoint.options?.method ?? []].flat();
    for (const method of methods) seen.set(`${method} /api/auth${endpoint.path}`, { method, path: `/api/auth${endpoint.path}` });
  }
  const all = [...seen.values()].sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
  return { bodies: all.filter((r) => BODY_METHODS.has(r.method)), reads: all.filter((r) => r.method === "GET") };
}

/** The path of a route with every :param replaced by `id` (URI-encoded). */
export function routePath(route: JsonRoute, id: string): string {
  return route.path.replace(/:\w+/g, encodeURIComponent(id));
}
