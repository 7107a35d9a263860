/**
 * The viewer of an address outside /api (no loadSession there: /media, /galleria, /storia), for
 * the visibility rule (policies/visibility.ts Viewer): the session is read only when the rule
 * needs it, for a held or removed item, so public traffic costs no session lookup.
 */

import type { Context } from "hono";
import { sessionUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";

/** Input: the request's context. Output: a function reading the signed-in user's id (null: a visitor). */
export function sessionViewer(c: Context<AppEnv>): () => Promise<string | null> {
  return async () => (await sessionUser(c.var.deps, c.req.raw.headers))?.id ?? null;
}
