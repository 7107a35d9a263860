/**
 * Who is signed in (spec §2 header and token counter; §6 admin flag):
 * - GET /api/me (session needed) → 200 MeView: the user, the admin flag (from user_roles) and the
 *   token counter (∞ for unlimited plans); 401 without a session.
 * - GET /api/session (anyone) → 200 SessionView {me: MeView | null}: what the web asks at every
 *   start, so a visitor's browser logs no failed request (issue 12, best practices).
 * - POST /api/me/age {confirmAge: true} (session needed) → 200 MeView: the player confirms 'Ho
 *   almeno 14 anni' (issue 23: accounts made before the box existed, or through a provider, are
 *   asked once, at their next sign-in); 400 without the box.
 */

import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { MeView, SessionView } from "../../../shared/api-types";
import { currentUser, requireUser } from "../../domain/auth/middleware";
import { zValidator } from "@hono/zod-validator";
import { ageConfirmationSchema } from "../../../shared/schemas/auth";
import { recordAgeConfirmation } from "../../domain/auth/account-rows";
import { moderationRole } from "../../domain/auth/roles";
import { validationHook } from "../../platform/validation";
import type { AppEnv, SessionUser } from "../../domain/context";
import type { Database } from "../../platform/db/schema";
import { readTokens } from "../../domain/quota/quota";

/** The MeView of a signed-in user: three indexed reads. */
async function meView(db: Kysely<Database>, user: SessionUser): Promise<MeView> {
  const [role, tokens, profile] = await Promise.all([
    moderationRole(db, user.id),
    readTokens(db, user.id),
    db.selectFrom("profiles").select(["nickname", "age_confirmed_at"]).where("id", "=", user.id).executeTakeFirst(),
  ]);
  return {
    user: { id: user.id, email: user.isAnonymous ? null : user.email, isAnonymous: user.isAnonymous, nickname: profile?.nickname ?? null },
    isAdmin: role === "admin",
    isModerator: role === "moderator",
    // Guests are asked when they register (issue 23).
    ageConfirmationNeeded: !user.isAnonymous && !profile?.age_confirmed_at,
    tokens,
  };
}

export const accountRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await meView(c.var.deps.db, currentUser(c))))
  .post("/age", zValidator("json", ageConfirmationSchema, validationHook), async (c) => {
    const user = currentUser(c);
    await recordAgeConfirmation(c.var.deps.db, user.id);
    return c.json(await meView(c.var.deps.db, user));
  });

export const sessionRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const user = c.var.user;
  return c.json({ me: user ? await meView(c.var.deps.db, user) : null } satisfies SessionView);
});
