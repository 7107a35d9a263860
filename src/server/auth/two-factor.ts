/**
 * Helpers around Better Auth's two-factor plugin (issue 10; spec §7 /factors): who a code check
 * is about (for the limits of ./limits.ts) and the code required to turn two-step verification
 * off. No crypto here: codes are checked by the plugin's own endpoints.
 */

import { APIError, type createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { disableTwoFactorSchema } from "../../shared/schemas/security";

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

const disableBody = disableTwoFactorSchema.pick({ code: true });
const TOTP_CODE = /^\d{6}$/;

/**
 * Before POST /two-factor/disable: the body must carry `code`, a current code of the
 * authenticator app (6 digits) or an unused backup code (then spent), checked by the plugin's
 * verify-totp / verify-backup-code on the caller's session.
 * Throws APIError 400 TWO_FACTOR_CODE_REQUIRED without a code, the plugin's 401 INVALID_CODE /
 * INVALID_BACKUP_CODE for a wrong one.
 */
export async function requireDisableCode(api: TwoFactorApi, body: unknown, headers: Headers | undefined): Promise<void> {
  const parsed = disableBody.safeParse(body);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", {
      code: "TWO_FACTOR_CODE_REQUIRED",
      message: "Inserisci un codice dell'app di autenticazione o un codice di backup.",
    });
  }
  const { code } = parsed.data;
  const requestHeaders = headers ?? new Headers();
  if (TOTP_CODE.test(code)) await api.verifyTOTP({ body: { code }, headers: requestHeaders });
  else await api.verifyBackupCode({ body: { code, disableSession: true }, headers: requestHeaders });
}
