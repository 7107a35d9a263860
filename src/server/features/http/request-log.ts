/**
 * One id per request (issue 20 §2) and the request's log line and metrics (§3). The id is a
 * trusted proxy's `X-Request-Id` (only on a connection from TRUSTED_PROXIES, and only when it is a
 * short token), else a new UUID; every log line written while the request is served carries it
 * (ops/logger.ts), and so does the response's `X-Request-Id`. Each request then leaves one line
 * (method, route pattern, status, duration: never the raw path, whose query may hold a secret)
 * and one observation of http_server_request_duration_seconds; a server-sent event stream is
 * counted in storie_live_streams while its connection is open.
 */

import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../../domain/context";
import { inRequestScope } from "../../platform/ops/logger";
import { isFromTrustedProxy } from "../../domain/http/client-address";

/** A request id a proxy may hand over: letters, digits and - _ . : / + =, at most 128 (a UUID, a trace id…). */
const FORWARDABLE_ID = /^[\w.:/+=-]{1,128}$/;

/** Routes an orchestrator or a scraper polls: their lines are written at debug level. */
const QUIET_ROUTES = new Set(["/api/health", "/api/ready", "/metrics"]);

/** The request id: a trusted proxy's well-formed X-Request-Id, else a new UUID. */
export function requestIdOf(c: Context<AppEnv>): string {
  const forwarded = c.req.header("x-request-id");
  return forwarded && FORWARDABLE_ID.test(forwarded) && isFromTrustedProxy(c) ? forwarded : randomUUID();
}

/**
 * Hono middleware (first in the chain, after the deps are set): runs the request in its log
 * scope, sets X-Request-Id on the response (errors included: the error handler runs inside),
 * writes the request's line and records its metrics.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { logger, metrics } = c.var.deps;
  const requestId = requestIdOf(c);
  const started = performance.now();
  await inRequestScope(requestId, async () => {
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    const route = c.req.routePath;
    const status = c.res.status;
    const seconds = (performance.now() - started) / 1000;
    metrics.httpRequestDuration.observe({ http_request_method: c.req.method, http_route: route, http_response_status_code: String(status) }, seconds);
    const line = { method: c.req.method, route, status, durationMs: Math.round(seconds * 10_000) / 10 };
    if (QUIET_ROUTES.has(route)) logger.debug(line, "richiesta");
    else logger.info(line, "richiesta");
    if (c.res.headers.get("content-type")?.startsWith("text/event-stream")) countOpenStream(c);
  });
};

/** Counts an event stream in storie_live_streams until its connection closes. */
function countOpenStream(c: Context<AppEnv>): void {
  const outgoing = (c.env as { outgoing?: ServerResponse<IncomingMessage> } | undefined)?.outgoing;
  if (!outgoing || outgoing.closed) return;
  const gauge = c.var.deps.metrics.liveStreams;
  gauge.inc();
  outgoing.once("close", () => gauge.dec());
}
