/**
 * Over 350 lines: Better Auth's configuration is one object (hooks, plugins, mail callbacks); split, its hooks lose their shared state.
 * Better Auth on the application database (DESIGN §2): e-mail + password with e-mail
 * verification, database sessions in an HttpOnly cookie, and guest accounts (anonymous plugin)
 * for the landing page's 'Tutorial' (issue: guest instead of a shared demo account). Requests
 * pass the auth limits (./limits.ts, issue 9) before Better Auth's handler; Better Auth's own
 * rate limiter is off.
 */

import { betterAuth } from "better-auth";
import { addOAuthServerContext, APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { anonymous, twoFactor } from "better-auth/plugins";
import type { Kysely } from "kysely";
import { ACCOUNT_DEACTIVATED_MESSAGE } from "../../../shared/auth-errors";
import { ERRORS } from "../../../shared/errors";
import { registrationSchema } from "../../../shared/schemas/auth";
import { isDeactivated } from "../accounts/deactivation";
import type { DialectName } from "../../platform/db/client";
import type { Database } from "../../platform/db/schema";
import { CLIENT_ADDRESS_HEADER } from "../http/client-address";
import type { Mailer } from "../../platform/mail/mailer";
import { createAccountRows, nicknameTaken, recordAgeConfirmation, setRegistrationNickname, transferGuestData } from "./account-rows";
import { limiterFactory } from "./limit-store";
import { refuseNul } from "./input";
import { createAuthLimits, SECRET_PATHS } from "./limits";
import { listWithoutTokens, revokeById } from "./sessions";
import { checkEmailRequest, checkReturnPaths, recordEmailConfirmation, recordPasswordReset, recorded, recordVerificationMail, recoveryAnswer } from "./recovery";
import { bindConfirmationToBrowser, CONFIRMATION_BINDING_PATHS, signInBoundBrowser } from "./confirmation-binding";
import {
  dropIdentitiesOfUnconfirmedAccount,
  PROVIDER_SIGN_IN_PATHS,
  rememberPrivacyAcceptance,
  requireOwnIdentity,
  checkProviderUser,
  type SocialConfig,
  socialAuthOptions,
} from "./social";
import { changeEmailApprovalMail, changeEmailConfirmationMail } from "./email-change";
import { CODE_GATED_PATHS, requireTwoFactorCode, twoFactorAccount, type TwoFactorApi } from "./two-factor";
import type { Logger } from "../../platform/ops/logger";

export interface AuthOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  baseURL: string;
  secret: string;
  brandName: string;
  mailer: Mailer;
  /** AUTH_RATE_LIMIT: sign-in, sign-up, guest and e-mail limits on (./limits.ts). */
  rateLimit: boolean;
  /** GUEST_SIGNINS_PER_DAY: new guest accounts per client address per day. */
  guestsPerDay: number;
  trustedOrigins: string[];
  /** Sign-in providers (GOOGLE_*, OIDC_*; ./social.ts). */
  social: SocialConfig;
  /** The server's log (issue 20 §2): Better Auth's own messages go there, without their arguments. */
  logger?: Logger;
}

/** Paths a guest (anonymous) account may not use: they have no e-mail or password of their own. */
const GUEST_FORBIDDEN_PATHS = new Set(["/change-email", "/change-password", "/set-password"]);

/**
 * Whether the app's hooks can act on an endpoint call: all but a session read without body or
 * query (what loadSession makes on every API request), where no rule applies (issue 12 Server).
 */
const concernsRules = (ctx: { path?: string; body?: unknown; query?: unknown }) => ctx.path !== "/get-session" || ctx.body !== undefined || ctx.query !== undefined;

/**
 * Creates the Better Auth instance.
 * Sign-up (POST /api/auth/sign-up/email) takes {email, password, name, acceptPrivacy, confirmAge, callbackURL}
 * and is validated with the shared registration schema (spec §5); a taken e-mail answers 422
 * USER_ALREADY_EXISTS (spec §8 'Utente già registrato'). New accounts get their profile, 'user'
 * role and base-plan tokens (spec §3) right after the user row.
 * Output: the Better Auth instance whose `handler` applies the auth limits first (the request
 * must carry CLIENT_ADDRESS_HEADER, set by the app), plus `passwordWork`: how many password
 * hashes and verifications ran (scrypt, the expensive part of a sign-in), for tests and
 * benchmarks, and `allowMail(kind, recipient)`: the per-recipient e-mail limit of the auth
 * e-mails, which other e-mails to an address someone typed use too (report receipts, issue 36
 * finding 9; ./limits.ts);
 * and `checkOwnSecret`: a check of a signed-in user's own password or code outside Better Auth's
 * endpoints under the same limits (./limits.ts; issue 36 finding 17).
 */
export function createAuth(options: AuthOptions) {
  const { db, mailer, brandName } = options;
  // Set once the instance exists: the two-factor helpers call its endpoints (./two-factor.ts).
  const late: { api?: TwoFactorApi } = {};
  const limits = createAuthLimits({
    enabled: options.rateLimit,
    limiter: limiterFactory(db, options.dialect),
    guestsPerDay: options.guestsPerDay,
  });
  const passwordWork = { hash: 0, verify: 0 };
  const social = socialAuthOptions(options.social);
  const auth = betterAuth({
    appName: `${brandName}.ai`,
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    // Only the message: Better Auth's extra arguments may hold a user or a request (no personal data in logs).
    logger: options.logger && { log: (level, message) => options.logger![level](message) },
    database: { db: db as Kysely<any>, type: options.dialect },
    trustedOrigins: options.trustedOrigins,
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      // 'Password dimenticata?' (issue 10): links work once, for one hour; a reset ends every session
      // (the page then signs in with the new password, see ./recovery.ts).
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The reset link reached the address, so the address is confirmed: a newcomer who never
      // opened the confirmation e-mail can still get in from the reset e-mail alone.
      // Identities linked while the address was unconfirmed are dropped (issue 19 finding 3).
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified) {
          const { internalAdapter } = await auth.$context;
          await dropIdentitiesOfUnconfirmedAccount(internalAdapter, user.id);
          await internalAdapter.updateUser(user.id, { emailVerified: true });
        }
        recordPasswordReset(user.email);
      },
      password: {
        hash: (password) => {
          passwordWork.hash++;
          return hashPassword(password);
        },
        verify: (data) => {
          passwordWork.verify++;
          return verifyPassword(data);
        },
      },
      // At most one reset e-mail per recipient per few minutes (issue 9 finding 6); the answer stays the same.
      sendResetPassword: async ({ user, url }) => {
        if (!(await limits.allowMail("reset", user.email))) return;
        await mailer.send({
          to: user.email,
          subject: `Imposta la tua password su ${brandName}.ai`,
          text: `Ciao,\n\nper impostare una nuova password apri questo link:\n${mailer.link(url)}\n\nIl link si può usare una sola volta e scade dopo un'ora.\nSe non l'hai chiesto tu, ignora questo messaggio: la tua password resta quella di prima.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The confirmation link proves the address: identities linked before it are dropped (issue 19 finding 3).
      beforeEmailVerification: async (user): Promise<void> => {
        await dropIdentitiesOfUnconfirmedAccount((await auth.$context).internalAdapter, user.id);
        recordEmailConfirmation(user.email);
      },
      sendOnSignIn: true,
      // A link opened in any browser would sign that browser in (issue 36 finding 1): only the
      // browser that signed up is signed in, by ./confirmation-binding.ts.
      autoSignInAfterVerification: false,
      // At most one confirmation e-mail per recipient per few minutes, whatever the route (sign-up,
      // sign-in while unconfirmed, resend; issue 9 finding 6). A sign-in still answers 403 EMAIL_NOT_VERIFIED.
      sendVerificationEmail: async ({ user, url }) => {
        if (!(await limits.allowMail("verification", user.email))) {
          recordVerificationMail("skipped");
          return;
        }
        recordVerificationMail("sent");
        // An e-mail change (Profilo → Sicurezza) approved by the current address: the new one confirms it.
        const change = await changeEmailConfirmationMail(db, brandName, user, mailer.link(url));
        if (change) {
          await mailer.send(change);
          return;
        }
        await mailer.send({
          to: user.email,
          subject: `Conferma il tuo indirizzo email su ${brandName}.ai`,
          text: `Benvenuto su ${brandName}.ai!\n\nPer completare la registrazione conferma il tuo indirizzo email aprendo questo link:\n${mailer.link(url)}\n\nSe non ti sei registrato tu, ignora questo messaggio.\n`,
        });
      },
    },
    // Google and the OpenID Connect provider, and the rules of linked identities (./social.ts).
    socialProviders: social.socialProviders,
    account: social.account,
    // Failed provider redirects without a flow of their own (e.g. a forged state) land on /login?error=….
    onAPIError: { errorURL: "/login" },
    // No cookie cache: every request reads its session row, so deleting an account (or revoking a
    // session) ends it at once on every instance (issue 9 finding 12).
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // E-mail change (issue 10): the current address approves it, then the new one confirms it; the
    // old address signs in until then. A stolen session alone cannot move the account.
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: async ({ user, newEmail, url }) => {
          if (!(await limits.allowMail("verification", user.email))) return;
          await mailer.send(changeEmailApprovalMail(brandName, user.email, newEmail, mailer.link(url)));
        },
      },
    },
    // Replaced by ./limits.ts, which runs before the handler and knows the real client address.
    rateLimit: { enabled: false },
    // No OpenTelemetry spans: nothing here collects them, and each call (a session check: five
    // spans) paid for them (issue 12 Server).
    experimental: { instrumentation: { enabled: false } },
    advanced: {
      cookiePrefix: "storie",
      // The client address resolved by the app (socket, or TRUSTED_PROXIES), for the session rows.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // Origin checks always on: Better Auth turns them off when NODE_ENV=test or TEST is set.
      disableOriginCheck: false,
    },
    databaseHooks: {
      // A deactivated account (an admin's soft delete, issue 22 §10) gets no session, however it signs in.
      session: {
        create: {
          before: async (session) => {
            if (await isDeactivated(db, session.userId)) {
              throw new APIError("FORBIDDEN", { code: "ACCOUNT_DEACTIVATED", message: ACCOUNT_DEACTIVATED_MESSAGE });
            }
          },
        },
      },
      user: {
        create: {
          // An account created by a provider needs the privacy acceptance of its sign-in (spec §5)
          // and an address the provider confirmed (issue 19 finding 3).
          before: async (user) => {
            await checkProviderUser(user);
          },
          after: async (user, context) => {
            await createAccountRows(db, { id: user.id, email: user.isAnonymous ? null : user.email });
            // Issue 23: an e-mail sign-up passed registrationSchema, so its 'Ho almeno 14 anni' was checked.
            if (context?.path === "/sign-up/email") {
              await recordAgeConfirmation(db, user.id);
              // Issue 22 §3: the nickname it chose (already checked to be free).
              const nickname = registrationSchema.shape.nickname.safeParse((context.body as { nickname?: unknown } | undefined)?.nickname);
              if (nickname.success && nickname.data) await setRegistrationNickname(db, user.id, nickname.data);
            }
          },
        },
        // A confirmed e-mail change reaches the profile row too (spec §7 profiles: update email).
        update: {
          after: async (user) => {
            if (!user.isAnonymous) await db.updateTable("profiles").set({ email: user.email }).where("id", "=", user.id).where("email", "is distinct from", user.email).execute();
          },
        },
      },
    },
    plugins: [
      // First of all hooks: a password or code check passes the per-account limits, with the
      // account as Better Auth parsed it (the body's e-mail, the signed two_factor cookie).
      {
        id: "storie-limits",
        hooks: {
          before: [
            {
              matcher: (ctx) => SECRET_PATHS.has(ctx.path ?? ""),
              handler: createAuthMiddleware(async (ctx) => {
                const email = (ctx.body as { email?: unknown } | undefined)?.email;
                const account = ctx.path === "/sign-in/email" ? (typeof email === "string" ? { email } : null) : await twoFactorAccount(ctx);
                // Refused: Better Auth stops here and the guard answers 429 instead (./limits.ts).
                if (await limits.checkSecret(ctx.path, account)) throw new APIError("TOO_MANY_REQUESTS");
              }),
            },
          ],
        },
      },
      // The app's rules around Better Auth's endpoints (return paths, e-mail requests, sign-up,
      // guests, password changes, recovery answers). A plugin rather than the global hooks, so that
      // the session read of every API request, which none of them concerns, skips them.
      {
        id: "storie-rules",
        hooks: {
          before: [
            {
              matcher: concernsRules,
              handler: createAuthMiddleware(async (ctx) => {
                refuseNul(ctx);
                checkReturnPaths(ctx);
                checkEmailRequest(ctx);
                if (PROVIDER_SIGN_IN_PATHS.has(ctx.path)) await rememberPrivacyAcceptance(ctx.body, addOAuthServerContext);
                if (ctx.path === "/unlink-account") await requireOwnIdentity(ctx);
                if (ctx.path === "/sign-up/email") {
                  const parsed = registrationSchema.safeParse(ctx.body);
                  if (!parsed.success) {
                    throw new APIError("BAD_REQUEST", { code: "VALIDATION", message: parsed.error.issues[0]!.message });
                  }
                  const existing = await db
                    .selectFrom("user")
                    .select("id")
                    .where("email", "=", parsed.data.email.toLowerCase())
                    .executeTakeFirst();
                  if (existing) {
                    throw new APIError("UNPROCESSABLE_ENTITY", {
                      code: "USER_ALREADY_EXISTS",
                      message: "Un account con questa email esiste già. Prova ad accedere.",
                    });
                  }
                  if (parsed.data.nickname && (await nicknameTaken(db, parsed.data.nickname))) {
                    throw new APIError("CONFLICT", { code: "NICKNAME_TAKEN", message: ERRORS.NICKNAME_TAKEN.message });
                  }
                }
                // The session is not read yet in a before hook: look it up for the paths a guest may not use.
                if (GUEST_FORBIDDEN_PATHS.has(ctx.path)) {
                  const session = await getSessionFromCtx(ctx);
                  if (session?.user && (session.user as { isAnonymous?: boolean | null }).isAnonymous) {
                    throw new APIError("FORBIDDEN", { code: "GUEST", message: "Registrati per impostare email e password." });
                  }
                }
                // Changing the password ends every other session (issue 10, Profilo → Sicurezza).
                if (ctx.path === "/change-password" && ctx.body && typeof ctx.body === "object") {
                  return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
                }
                // Once two-step verification is on, a password alone never undoes it (./two-factor.ts).
                if (CODE_GATED_PATHS.has(ctx.path)) await requireTwoFactorCode(late.api!, ctx);
                // The session list's handle is the session id, never its token (./sessions.ts).
                if (ctx.path === "/revoke-session") return revokeById(ctx);
              }),
            },
          ],
          after: [
            // Before recoveryAnswer, which may replace an unconfirmed sign-in's answer, and before the
            // anonymous plugin's hook, which moves a guest's stories to the session this one makes.
            { matcher: (ctx) => CONFIRMATION_BINDING_PATHS.has(ctx.path ?? ""), handler: createAuthMiddleware(bindConfirmationToBrowser) },
            { matcher: (ctx) => ctx.path === "/verify-email", handler: createAuthMiddleware(signInBoundBrowser) },
            { matcher: concernsRules, handler: createAuthMiddleware(async (ctx) => (ctx.path === "/list-sessions" ? listWithoutTokens(ctx) : recoveryAnswer(ctx))) },
          ],
        },
      },
      anonymous({
        emailDomainName: "ospiti.storie.invalid",
        generateName: () => "Ospite",
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          await transferGuestData(db, anonymousUser.user.id, newUser.user.id);
        },
      }),
      // Two-step verification (issue 10, spec §3 factors): TOTP and ten backup codes; code checks
      // pass the limits of ./limits.ts (TWO_FACTOR_CODE_PATHS), which replace the plugin's own lock.
      twoFactor({
        issuer: `${brandName}.ai`,
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { enabled: false },
      }),
      ...social.plugins,
    ],
  });
  late.api = auth.api;
  return { ...auth, handler: recorded((request) => limits.guard(request, auth.handler)), passwordWork, allowMail: limits.allowMail, checkOwnSecret: limits.checkOwnSecret };
}

export type Auth = ReturnType<typeof createAuth>;

/** The app's deps carry the sign-in library as `auth` (domain/context.ts AppServices; ADR 0021). */
declare module "../context" {
  interface AppServices {
    auth: Auth;
  }
}
