/**
 * JSON answers with their length (issue 12, "JSON API answers over 1 KB compressed"): the routes'
 * `c.json` bodies declare no Content-Length, so Hono's compress() cannot apply its 1 KB threshold
 * and would gzip a 40-byte answer too. Registered after compress() (so it runs first on the way
 * out), this sets the length of every JSON answer; compress() then leaves those under 1 KB as they
 * are. The body is already whole in memory (a JSON string), so nothing is held longer than before.
 */

import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../domain/context";

export const jsonLength = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const type = c.res.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json") || c.res.headers.has("content-length") || !c.res.body) return;
  const bytes = new Uint8Array(await c.res.arrayBuffer());
  const headers = new Headers(c.res.headers);
  headers.set("content-length", String(bytes.byteLength));
  c.res = new Response(bytes, { status: c.res.status, statusText: c.res.statusText, headers });
});
