/**
 * What erasing one's own account asks (issue 36 finding 17: it was one click, with no password or
 * code, even with two-step verification on; changing the password and enrolling two-step both ask):
 * - an account with a password: the password (checked as Better Auth checks it: the credential
 *   account's hash through the configured verifier);
 * - two-step verification on: also a current code of the app or an unused backup code (spent), as
 *   turning it off asks (auth/two-factor.ts);
 * - neither (guests, provider sign-in): the typed word ELIMINA. A guest has no credential at all:
 *   whoever holds its session is the guest, so the word only guards against a slip. A provider
 *   account's credential is at the provider: its session must come from a sign-in of the last
 *   ERASURE_SIGN_IN_MINUTES, so an old or stolen session alone cannot erase it.
 * Wrong passwords and codes pass the sign-in limits (auth/limits.ts checkOwnSecret): per address,
 * per address and account, and the account's growing delay.
 */

import { APIError } from "better-auth/api";
import type { ErasureProofView } from "../../../shared/api-types";
import { ERASURE_SIGN_IN_MINUTES, ERASURE_WORD } from "../../../shared/erasure";
import { ERRORS } from "../../../shared/errors";
import type { ErasureInput } from "../../../shared/schemas/profile";
import type { AppDeps } from "../context";
import { AppError } from "../../platform/errors";

type ProofDeps = Pick<AppDeps, "db" | "auth">;

/** A current code of the app: 6 digits; anything else is tried as a backup code. */
const APP_CODE = /^\d{6}$/;

/** What erasing the account of `userId` asks (ErasureProofView). Throws 401 when the account is gone. */
export async function erasureProof(db: AppDeps["db"], userId: string): Promise<ErasureProofView> {
  const user = await db
    .selectFrom("user")
    .leftJoin("account", (join) => join.onRef("account.userId", "=", "user.id").on("account.providerId", "=", "credential").on("account.password", "is not", null))
    .select(["user.isAnonymous", "user.twoFactorEnabled", "account.id as credential"])
    .where("user.id", "=", userId)
    .executeTakeFirst();
  if (!user) throw AppError.of("UNAUTHENTICATED", 401);
  const password = user.credential !== null;
  const code = Boolean(user.twoFactorEnabled);
  const word = !password && !code;
  return { password, code, word, recentSignIn: word && !user.isAnonymous };
}

/** True when `password` is the account's (Better Auth's own check: credential account, configured verifier). */
async function passwordMatches(auth: AppDeps["auth"], userId: string, password: string): Promise<boolean> {
  const context = await auth.$context;
  const credential = await context.internalAdapter.findCredentialAccount(userId);
  return Boolean(credential?.password) && (await context.password.verify({ hash: credential!.password!, password }));
}

/** True when `code` is a current code of the account's app, or an unused backup code (then spent), checked by the two-factor plugin on the caller's session. */
async function codeMatches(auth: AppDeps["auth"], headers: Headers, code: string): Promise<boolean> {
  const check = APP_CODE.test(code) ? auth.api.verifyTOTP({ body: { code }, headers }) : auth.api.verifyBackupCode({ body: { code, disableSession: true }, headers });
  return check.then(
    () => true,
    (error: unknown) => {
      // 401 INVALID_CODE / INVALID_BACKUP_CODE; any other refusal of the plugin is no valid code either.
      if (error instanceof APIError && error.statusCode < 500) return false;
      throw error;
    },
  );
}

/** When the session of `headers` was created (its sign-in), ms since the epoch. */
async function signedInAt(auth: AppDeps["auth"], headers: Headers): Promise<number> {
  const session = await auth.api.getSession({ headers });
  return session ? new Date(session.session.createdAt).getTime() : 0;
}

/**
 * Checks the confirmation of DELETE /api/profile before anything is erased.
 * Input: deps, the request's headers (its session), the client address, the user id and the body.
 * Throws AppError 400 ERASURE_PASSWORD_REQUIRED / ERASURE_CODE_REQUIRED / ERASURE_WORD_REQUIRED
 * when a required part is missing, 403 ERASURE_PASSWORD_WRONG / ERASURE_CODE_WRONG when it is
 * wrong, 403 ERASURE_SIGN_IN_AGAIN for a provider sign-in older than ERASURE_SIGN_IN_MINUTES,
 * 429 RATE_LIMITED ('Troppi tentativi… Riprova tra …') when the sign-in limits refuse the check.
 */
export async function confirmErasure(deps: ProofDeps, headers: Headers, clientAddress: string | null, userId: string, input: ErasureInput): Promise<void> {
  const proof = await erasureProof(deps.db, userId);
  if (proof.password && !input.password) throw AppError.of("ERASURE_PASSWORD_REQUIRED", 400);
  if (proof.code && !input.code) throw AppError.of("ERASURE_CODE_REQUIRED", 400);
  if (proof.word && input.word?.toUpperCase() !== ERASURE_WORD) throw AppError.of("ERASURE_WORD_REQUIRED", 400);
  if (proof.recentSignIn && Date.now() - (await signedInAt(deps.auth, headers)) > ERASURE_SIGN_IN_MINUTES * 60_000) throw AppError.of("ERASURE_SIGN_IN_AGAIN", 403);
  if (proof.word) return;
  let wrong: "ERASURE_PASSWORD_WRONG" | "ERASURE_CODE_WRONG" | undefined;
  const outcome = await deps.auth.checkOwnSecret(clientAddress, userId, async () => {
    if (proof.password && !(await passwordMatches(deps.auth, userId, input.password!))) wrong = "ERASURE_PASSWORD_WRONG";
    else if (proof.code && !(await codeMatches(deps.auth, headers, input.code!))) wrong = "ERASURE_CODE_WRONG";
    return wrong ? "wrong" : "right";
  });
  if ("refused" in outcome) throw new AppError("RATE_LIMITED", 429, outcome.refused.message, ERRORS.RATE_LIMITED.title);
  if (wrong) throw AppError.of(wrong, 403);
}
