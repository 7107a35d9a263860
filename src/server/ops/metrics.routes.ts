/**
 * GET /metrics (issue 20 §3): the server's metrics in the Prometheus text format, for a scraper on
 * this machine (a loopback connection that no proxy forwarded) or one that sends
 * `Authorization: Bearer $METRICS_TOKEN`. Anyone else gets 403: the page names models, routes and
 * volumes, which are the operator's business.
 */

import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../context";
import { AppError } from "../errors";
import { normalizeAddress } from "../http/client-address";

/** True for 127.0.0.0/8 and ::1. */
function isLoopback(address: string): boolean {
  return isIP(address) === 6 ? address === "::1" : address.startsWith("127.");
}

/**
 * Whether the request may read the metrics: the bearer token matches METRICS_TOKEN (compared in
 * constant time), or the connection is loopback and carries no forwarded header (a reverse proxy
 * on this machine forwards the public's requests from loopback too).
 */
export function mayReadMetrics(c: Context<AppEnv>): boolean {
  const token = c.var.deps.env.METRICS_TOKEN;
  const sent = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (token && sent) {
    const [a, b] = [Buffer.from(sent), Buffer.from(token)];
    if (a.length === b.length && timingSafeEqual(a, b)) return true;
  }
  if (c.req.header("x-forwarded-for") !== undefined || c.req.header("forwarded") !== undefined) return false;
  let peer: string | null;
  try {
    peer = normalizeAddress(getConnInfo(c).remote.address ?? "");
  } catch {
    return false;
  }
  return peer !== null && isLoopback(peer);
}

export const metricsRoutes = new Hono<AppEnv>().get("/", async (c) => {
  if (!mayReadMetrics(c)) throw AppError.of("FORBIDDEN", 403);
  const { registry } = c.var.deps.metrics;
  c.header("Cache-Control", "no-store");
  return c.body(await registry.metrics(), 200, { "Content-Type": registry.contentType });
});
