/**
 * GET /metrics (issue 20 §3): the server's metrics in the Prometheus text format, for a scraper on
 * this machine (a loopback connection that no proxy forwarded) or one that sends
 * `Authorization: Bearer $METRICS_TOKEN`. Anyone else gets 403: the page names models, routes and
 * volumes, which are the operator's business. "No proxy forwarded it" (issue 36 finding 14): the
 * connection is not from TRUSTED_PROXIES and the request carries no header a proxy sets.
 */

import { timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import type { AppEnv } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { isFromTrustedProxy, normalizeAddress } from "../../domain/http/client-address";

/** True for 127.0.0.0/8 and ::1. */
function isLoopback(address: string): boolean {
  return isIP(address) === 6 ? address === "::1" : address.startsWith("127.");
}

/** Headers that only proxies send, whatever their value ("for=unknown", "1.1 nginx", a host name). */
const PROXY_ONLY_HEADER = /^(forwarded|via|x-forwarded-.+)$/;

/**
 * Whether a request carries a header a proxy sets to pass the client on (issue 36 finding 14).
 * Not a list of names, since every proxy and CDN has its own (X-Real-IP, True-Client-IP,
 * CF-Connecting-IP, Fastly-Client-IP…): Forwarded, Via or X-Forwarded-*, or any header but Host
 * one of whose values (separated by commas, semicolons or spaces, "for=" and a port allowed) is an
 * IP address. A scraper on this machine sends none of them.
 */
function carriesProxyHeader(headers: Headers): boolean {
  for (const [name, value] of headers) {
    if (PROXY_ONLY_HEADER.test(name)) return true;
    if (name !== "host" && value.split(/[,;\s]+/).some((token) => normalizeAddress(token.replace(/^for=/i, "")) !== null)) return true;
  }
  return false;
}

/**
 * Whether the request may read the metrics: the bearer token matches METRICS_TOKEN (compared in
 * constant time), or the connection is loopback, does not come from a proxy named in
 * TRUSTED_PROXIES (which may forward the public with no header at all) and carries no proxy
 * header (a reverse proxy on this machine forwards the public's requests from loopback too).
 */
export function mayReadMetrics(c: Context<AppEnv>): boolean {
  const token = c.var.deps.env.METRICS_TOKEN;
  const sent = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
  if (token && sent) {
    const [a, b] = [Buffer.from(sent), Buffer.from(token)];
    if (a.length === b.length && timingSafeEqual(a, b)) return true;
  }
  if (carriesProxyHeader(c.req.raw.headers) || isFromTrustedProxy(c)) return false;
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
