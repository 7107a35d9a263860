/**
 * Who may call a route (DESIGN §5): the session is read from the HttpOnly cookie by Better Auth;
 * requireUser answers 401 without one; requireAdmin re-checks the admin row in user_roles on
 * every request and writes a failed check to the audit log (spec §6).
 */

import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { writeAudit } from "../audit";
import type { AppEnv, SessionUser } from "../context";
import { AppError } from "../errors";
import { isAdmin } from "./roles";

/** Client address of the request (socket address; the proxy's when behind one). */
export function clientIp(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

/** Reads the session (if any) into c.var.user. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers });
  const user: SessionUser | null = session
    ? { id: session.user.id, email: session.user.email, isAnonymous: Boolean(session.user.isAnonymous) }
    : null;
  c.set("user", user);
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

export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = currentUser(c);
  if (!(await isAdmin(c.var.deps.db, user.id))) {
    await writeAudit(
      c.var.deps.db,
      { userId: user.id, action: "admin.denied", detail: `${c.req.method} ${c.req.path}`, ip: clientIp(c) },
      c.var.deps.log,
    );
    throw AppError.of("FORBIDDEN", 403);
  }
  await next();
});
