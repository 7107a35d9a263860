/**
 * GET /api/me (session needed) → 200 MeView: the user, the admin flag (from user_roles, spec §6)
 * and the token counter (spec §2 token counter; ∞ for unlimited plans). 401 without a session.
 */

import { Hono } from "hono";
import type { MeView } from "../../../shared/api-types";
import { currentUser, requireUser } from "../../auth/middleware";
import { isAdmin } from "../../auth/roles";
import type { AppEnv } from "../../context";
import { readTokens } from "../../quota/quota";

export const accountRoutes = new Hono<AppEnv>().use(requireUser).get("/", async (c) => {
  const user = currentUser(c);
  const { db } = c.var.deps;
  const [admin, tokens, profile] = await Promise.all([
    isAdmin(db, user.id),
    readTokens(db, user.id),
    db.selectFrom("profiles").select("nickname").where("id", "=", user.id).executeTakeFirst(),
  ]);
  const body: MeView = {
    user: { id: user.id, email: user.isAnonymous ? null : user.email, isAnonymous: user.isAnonymous, nickname: profile?.nickname ?? null },
    isAdmin: admin,
    tokens,
  };
  return c.json(body);
});
