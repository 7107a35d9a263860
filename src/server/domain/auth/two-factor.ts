/**
 * Helpers around Better Auth's two-factor plugin (issue 10; spec §7 /factors): who a code check
 * is about (for the limits of ./limits.ts) and the code required to turn two-step verification
 * off. No crypto here: codes are checked by the plugin's own endpoints.
 */

import { APIError, type createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { disableTwoFactorSchema } from "../../../shared/schemas/security";

/** The Better Auth endpoints these helpers call (auth.api once the instance exists). */
export interface TwoFactorApi {
  verifyTOTP(args: { body: { code: string }; headers: Headers }): Promise<unknown>;
  verifyBackupCode(args: { body: { code: string; disableSession?: boolean }; headers: Headers }): Promise<unknown>;
}

/** The context of an endpoint call as a before hook sees it (Better Auth's own cookie and session readers). */
export type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The plugin's pending sign-in cookie (its TWO_FACTOR_COOKIE_NAME, which the package does not export). */
const CHALLENGE_COOKIE = "two_factor";

/**
 * The account a two-factor code check is about, for the per-account limits (issue 19 finding 2).
 * Input: the before hook's context of a /two-factor/* call. Output: {userId} of the session, or
 * else of the pending sign-in named by the signed two_factor cookie, read exactly as the plugin
 * reads it (ctx.getSignedCookie, then the verification row); null when there is neither (the
 * plugin then refuses without checking a code). However the cookie is spelled (quoted, spaced,
 * repeated), this names the account whose code the plugin then checks.
 */
export async function twoFactorAccount(ctx: HookContext): Promise<{ userId: string } | null> {
  const session = await getSessionFromCtx(ctx);
  if (session) return { userId: session.user.id };
  const identifier = await ctx.getSignedCookie(ctx.context.createAuthCookie(CHALLENGE_COOKIE).name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge ? { userId: challenge.value } : null;
}

const codeBody = disableTwoFactorSchema.pick({ code: true });
const TOTP_CODE = /^\d{6}$/;

/** The two-factor endpoints that, once two-step verification is on, need a code besides the password (issue 10, 19 finding 4). */
export const CODE_GATED_PATHS = new Set(["/two-factor/disable", "/two-factor/generate-backup-codes", "/two-factor/get-totp-uri"]);

/**
 * Before a CODE_GATED_PATHS call, so that a password alone never undoes two-step verification:
 * - POST /two-factor/disable: `code`, a current code of the app (6 digits) or an unused backup
 *   code (then spent);
 * - POST /two-factor/generate-backup-codes, once two-step is on: `code`, a current code of the app;
 * - POST /two-factor/get-totp-uri, once two-step is on: refused, the secret is shown only at enrolment.
 * Codes are checked by the plugin's verify-totp / verify-backup-code on the caller's session.
 * Throws APIError 400 TWO_FACTOR_CODE_REQUIRED / TOTP_CODE_REQUIRED without a fitting code,
 * 403 TOTP_SECRET_SHOWN_ONCE, or the plugin's 401 INVALID_CODE / INVALID_BACKUP_CODE.
 */
export async function requireTwoFactorCode(api: TwoFactorApi, ctx: HookContext): Promise<void> {
  const headers = ctx.headers ?? new Headers();
  const code = codeBody.safeParse(ctx.body).data?.code;
  if (ctx.path === "/two-factor/disable") {
    if (code === undefined) throw new APIError("BAD_REQUEST", { code: "TWO_FACTOR_CODE_REQUIRED", message: "Inserisci un codice dell'app di autenticazione o un codice di backup." });
    if (TOTP_CODE.test(code)) await api.verifyTOTP({ body: { code }, headers });
    else await api.verifyBackupCode({ body: { code, disableSession: true }, headers });
    return;
  }
  const session = await getSessionFromCtx(ctx);
  // During enrolment (not on yet) the plugin's own password check is enough.
  if (!(session?.user as { twoFactorEnabled?: boolean | null } | undefined)?.twoFactorEnabled) return;
  if (ctx.path === "/two-factor/get-totp-uri") {
    throw new APIError("FORBIDDEN", { code: "TOTP_SECRET_SHOWN_ONCE", message: "The secret is shown only at enrolment" });
  }
  if (code === undefined || !TOTP_CODE.test(code)) throw new APIError("BAD_REQUEST", { code: "TOTP_CODE_REQUIRED", message: "A current code of the app is required" });
  await api.verifyTOTP({ body: { code }, headers });
}
