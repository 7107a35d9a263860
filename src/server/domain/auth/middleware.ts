/**
 * Who may call a route (DESIGN §5): the session is read from the HttpOnly cookie by Better Auth;
 * requireUser answers 401 without one; requireAdmin re-checks the admin row in user_roles on
 * every request and writes a failed check to the audit log (spec §6); with REQUIRE_ADMIN_2FA an
 * admin without two-step verification gets 403 ADMIN_2FA_REQUIRED (issue 10; the rule of every
 * staff role: policies/staff-two-factor.ts).
 */

import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { matchedRoutes, routePath } from "hono/route";
import { countAudit } from "../audit";
import type { AppDeps, AppEnv, SessionUser } from "../context";
import { AppError } from "../../platform/errors";
import { clientAddress } from "../http/client-address";
import { setRequestUser } from "../../platform/ops/logger";
import { requireStaffTwoFactor } from "../policies/staff-two-factor";
import { isAdmin } from "./roles";

/** Client address of the request: the socket's, or the forwarded one behind TRUSTED_PROXIES (http/client-address.ts). */
export function clientIp(c: Context): string | null {
  return clientAddress(c as Context<AppEnv>);
}

/**
 * The signed-in user of a request, from Better Auth's getSession: its session row is read on every
 * call (no cookie cache, ADR 0007), so a revoked session or a deleted account is refused at once.
 * Input: the app's auth and the request headers. Output: the user or null.
 */
export async function sessionUser(deps: Pick<AppDeps, "auth">, headers: Headers): Promise<SessionUser | null> {
  const session = await deps.auth.api.getSession({ headers });
  return session
    ? {
        id: session.user.id,
        email: session.user.email,
        isAnonymous: Boolean(session.user.isAnonymous),
        twoFactorEnabled: Boolean(session.user.twoFactorEnabled),
      }
    : null;
}

/** Reads the session (if any) into c.var.user; its id goes on the request's log lines and AI usage (ops/logger.ts). */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const user = await sessionUser(c.var.deps, c.req.raw.headers);
  c.set("user", user);
  setRequestUser(user?.id);
  await next();
});

/** Returns the signed-in user or throws 401 UNAUTHENTICATED. */
export function currentUser(c: Context<AppEnv>): SessionUser {
  const user = c.var.user;
  if (!user) throw AppError.of("UNAUTHENTICATED", 401);
  return user;
}


export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  currentUser(c);
  await next();
});

/**
 * The registered route a request was headed for, e.g. 'GET /api/admin/users/:id' (the first
 * matched handler of the request's method; middleware is registered as ALL), or
 * 'GET /api/admin/*' for a path no route serves. Bounded by the routes, whatever the path.
 */
function deniedRoute(c: Context): string {
  const route = matchedRoutes(c).find((r) => r.method === c.req.method);
  return `${c.req.method} ${route?.path ?? routePath(c)}`;
}

/**
 * Lets admins through (spec §6: the admin row in user_roles is re-checked on every request).
 * Anyone else gets 403 'Accesso negato', and the denial is counted in the audit log: one row
 * per user, registered route (the pattern, e.g. 'GET /api/admin/users/:id', never the raw path,
 * so made-up paths cannot add rows) and hour, whose `count` grows with each repeat (issue 9
 * finding 8: a caller cannot grow the table without limit).
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = currentUser(c);
  if (!(await isAdmin(c.var.deps.db, user.id))) await refuseAndAudit(c, user);
  requireStaffTwoFactor(c.var.deps.env, user);
  await next();
});

/**
 * Refuses a signed-in caller without the needed role: counts the denial in the audit log
 * ('admin.denied', one row per user, route and hour) and throws 403 'Accesso negato'. Shared by
 * requireAdmin and the moderation queue's guard (issue 23).
 */
export async function refuseAndAudit(c: Context<AppEnv>, user: SessionUser): Promise<never> {
  const actor = { id: user.id, email: user.isAnonymous ? null : user.email, ip: clientIp(c) };
  await countAudit(c.var.deps.db, actor, "admin.denied", deniedRoute(c), c.var.deps.logger);
  throw AppError.of("FORBIDDEN", 403);
}
