/**
 * Helpers around Better Auth's two-factor plugin (issue 10; spec §7 /factors): who a code check
 * is about (for the limits of ./limits.ts) and the code required to turn two-step verification
 * off. No crypto here: codes are checked by the plugin's own endpoints.
 */

import { APIError } from "better-auth/api";
import type { Kysely } from "kysely";
import { disableTwoFactorSchema } from "../../shared/schemas/security";
import type { Database } from "../db/schema";

/** The Better Auth endpoints these helpers call (auth.api once the instance exists). */
export interface TwoFactorApi {
  getSession(args: { headers: Headers }): Promise<{ user: { id: string } } | null>;
  verifyTOTP(args: { body: { code: string }; headers: Headers }): Promise<unknown>;
  verifyBackupCode(args: { body: { code: string; disableSession?: boolean }; headers: Headers }): Promise<unknown>;
}

/** The plugin's pending sign-in cookie ("storie.two_factor", "__Secure-" on HTTPS): "<identifier>.<signature>". */
const CHALLENGE_COOKIE = /(?:^|;\s*)(?:__Secure-)?storie\.two_factor=([^;]*)/;
const CHALLENGE_IDENTIFIER = /^2fa-[\w-]{1,64}$/;

/**
 * The account a two-factor code check is about, for the per-account limits.
 * Input: the request to /two-factor/*. Output: "user:<id>" of the pending sign-in (the
 * two_factor cookie's challenge, looked up in Better Auth's verification table) or of the
 * session, or null when there is neither (Better Auth then refuses without checking a code).
 * A forged cookie can only name a challenge whose random identifier it already knows.
 */
export async function twoFactorAccount(db: Kysely<Database>, api: TwoFactorApi, request: Request): Promise<string | null> {
  const cookies = request.headers.get("cookie") ?? "";
  const raw = CHALLENGE_COOKIE.exec(cookies)?.[1];
  if (raw) {
    let identifier = "";
    try {
      identifier = decodeURIComponent(raw).split(".")[0]!;
    } catch {
      // malformed escape: not a challenge of ours
    }
    if (CHALLENGE_IDENTIFIER.test(identifier)) {
      const row = await db.selectFrom("verification").select("value").where("identifier", "=", identifier).executeTakeFirst();
      if (row) return `user:${row.value}`;
    }
  }
  const session = await api.getSession({ headers: request.headers });
  return session ? `user:${session.user.id}` : null;
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
