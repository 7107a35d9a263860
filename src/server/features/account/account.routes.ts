/**
 * Who is signed in (spec §2 header and token counter; §6 admin flag):
 * - GET /api/me (session needed) → 200 MeView: the user, the admin flag (from user_roles) and the
 *   token counter (∞ for unlimited plans); 401 without a session.
 * - GET /api/session (anyone) → 200 SessionView {me: MeView | null}: what the web asks at every
 *   start, so a visitor's browser logs no failed request (issue 12, best practices).
 */

import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { MeView, SessionView } from "../../../shared/api-types";
import { currentUser, requireUser } from "../../auth/middleware";
import { isAdmin } from "../../auth/roles";
import type { AppEnv, SessionUser } from "../../context";
import type { Database } from "../../db/schema";
import { readTokens } from "../../quota/quota";

/** The MeView of a signed-in user: three indexed reads. */
async function meView(db: Kysely<Database>, user: SessionUser): Promise<MeView> {
  const [admin, tokens, profile] = await Promise.all([
    isAdmin(db, user.id),
    readTokens(db, user.id),
    db.selectFrom("profiles").select("nickname").where("id", "=", user.id).executeTakeFirst(),
  ]);
  return {
    user: { id: user.id, email: user.isAnonymous ? null : user.email, isAnonymous: user.isAnonymous, nickname: profile?.nickname ?? null },
    isAdmin: admin,
    tokens,
  };
}

export const accountRoutes = new Hono<AppEnv>().use(requireUser).get("/", async (c) => c.json(await meView(c.var.deps.db, currentUser(c))));

export const sessionRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const user = c.var.user;
  return c.json({ me: user ? await meView(c.var.deps.db, user) : null } satisfies SessionView);
});
