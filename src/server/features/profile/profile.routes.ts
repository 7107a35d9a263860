/**
 * Profile endpoints (spec §2 Profile, §7 Data export and delete-user, §8 Profile). All need a
 * session (401 'Per favore effettua il login per continuare' otherwise) and act on the
 * signed-in user only.
 *
 * GET    /api/profile          → 200 ProfileView
 * PUT    /api/profile          → 200 ProfileView      {nickname, firstName, lastName}; 409 NICKNAME_TAKEN; 400 validation
 * GET    /api/profile/games    → 200 ProfileGameView[] most recent first
 * GET    /api/profile/export   → 200 AccountExport as an attachment i_miei_dati_{brand}ai.json
 * DELETE /api/profile          → 200 {ok: true}       {password?, code?, word?} as ProfileView.erasure asks (issue 36
 *                                                     finding 17: accounts/erasure-proof.ts); erases the account (rows,
 *                                                     sessions, files) and clears the session cookies; 400 ERASURE_*_REQUIRED,
 *                                                     403 ERASURE_PASSWORD_WRONG / ERASURE_CODE_WRONG / ERASURE_SIGN_IN_AGAIN,
 *                                                     429 RATE_LIMITED (the sign-in limits), 409 LAST_ADMIN for the only remaining admin
 */

import { zValidator } from "@hono/zod-validator";
import { Hono } from "hono";
import { erasureSchema, profileSchema } from "../../../shared/schemas/profile";
import { eraseAccount } from "../../domain/accounts/erase-account";
import { confirmErasure } from "../../domain/accounts/erasure-proof";
import { exportAccount, exportFileName } from "../../domain/accounts/export-account";
import { clientIp, currentUser, requireUser } from "../../domain/auth/middleware";
import type { AppEnv } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { validationHook } from "../../platform/validation";
import { getProfile, listOwnGames, updateProfile } from "./profile.service";

export const profileRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json(await getProfile(c.var.deps.db, currentUser(c).id)))
  .put("/", zValidator("json", profileSchema, validationHook), async (c) => {
    const user = currentUser(c);
    await updateProfile(c.var.deps.db, user.id, c.req.valid("json"));
    return c.json(await getProfile(c.var.deps.db, user.id));
  })
  .get("/games", async (c) => c.json(await listOwnGames(c.var.deps.db, currentUser(c).id)))
  .get("/export", async (c) => {
    const user = currentUser(c);
    let body: string;
    try {
      body = JSON.stringify(await exportAccount(c.var.deps.db, user.id), null, 2);
    } catch (error) {
      c.var.deps.logger.error({ err: error }, "Esportazione non riuscita");
      throw AppError.of("EXPORT_FAILED", 500);
    }
    c.header("Content-Type", "application/json; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="${exportFileName(c.var.deps.env.BRAND_NAME)}"`);
    c.header("Cache-Control", "no-store");
    return c.body(body);
  })
  .delete("/", zValidator("json", erasureSchema, validationHook), async (c) => {
    const user = currentUser(c);
    const { deps } = c.var;
    await confirmErasure(deps, c.req.raw.headers, clientIp(c), user.id, c.req.valid("json"));
    try {
      await eraseAccount(deps, user.id);
    } catch (error) {
      if (error instanceof AppError) throw error; // 409 LAST_ADMIN: the only admin stays (issue 9 finding 10)
      deps.logger.error({ err: error }, "Cancellazione dell'account non riuscita");
      throw AppError.of("ACCOUNT_DELETE_FAILED", 500);
    }
    // The session row is gone; sign-out clears the browser's session and cache cookies.
    const signedOut = await deps.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
    for (const cookie of signedOut.headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ ok: true as const });
  });
