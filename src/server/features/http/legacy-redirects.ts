/**
 * Permanent redirects of the old English addresses (spec §2 route table; issue 22 §7): the server
 * answers them before any page, keeping the query string (the browser keeps the #fragment of a
 * redirect whose Location has none).
 */

import type { Hono } from "hono";
import { LEGACY_PATHS, legacyTarget } from "../../../shared/legacy-paths";
import type { AppEnv } from "../../domain/context";

/** Registers GET {old path} → 301 {new path}{?query} for every entry of LEGACY_PATHS. */
export function mountLegacyRedirects(app: Hono<AppEnv>) {
  for (const [from, to] of LEGACY_PATHS) {
    app.get(from, (c) => c.redirect(legacyTarget(to, c.req.param(), new URL(c.req.url).search), 301));
  }
}
