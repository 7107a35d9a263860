/**
 * Better Auth on the application database (DESIGN §2): e-mail + password with e-mail
 * verification, database sessions in an HttpOnly cookie, built-in rate limiting, and guest
 * accounts (anonymous plugin) for the landing page's 'Tutorial' (issue: guest instead of a
 * shared demo account).
 */

import { betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { anonymous } from "better-auth/plugins";
import type { Kysely } from "kysely";
import { registrationSchema } from "../../shared/schemas/auth";
import type { DialectName } from "../db/client";
import type { Database } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { createAccountRows, transferGuestData } from "./account-rows";

export interface AuthOptions {
  db: Kysely<Database>;
  dialect: DialectName;
  baseURL: string;
  secret: string;
  brandName: string;
  mailer: Mailer;
  rateLimit: boolean;
  trustedOrigins: string[];
}

/** Paths a guest (anonymous) account may not use: they have no e-mail or password of their own. */
const GUEST_FORBIDDEN_PATHS = new Set(["/change-email", "/change-password", "/set-password"]);

/**
 * Creates the Better Auth instance.
 * Sign-up (POST /api/auth/sign-up/email) takes {email, password, name, acceptPrivacy, callbackURL}
 * and is validated with the shared registration schema (spec §5); a taken e-mail answers 422
 * USER_ALREADY_EXISTS (spec §8 'Utente già registrato'). New accounts get their profile, 'user'
 * role and base-plan tokens (spec §3) right after the user row.
 */
export function createAuth(options: AuthOptions) {
  const { db, mailer, brandName } = options;
  return betterAuth({
    appName: `${brandName}.ai`,
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    database: { db: db as Kysely<any>, type: options.dialect },
    trustedOrigins: options.trustedOrigins,
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: false,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: `Imposta la tua password su ${brandName}.ai`,
          text: `Ciao,\n\nper impostare una nuova password apri questo link:\n${url}\n\nSe non l'hai chiesto tu, ignora questo messaggio.\n`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send({
          to: user.email,
          subject: `Conferma il tuo indirizzo email su ${brandName}.ai`,
          text: `Benvenuto su ${brandName}.ai!\n\nPer completare la registrazione conferma il tuo indirizzo email aprendo questo link:\n${url}\n\nSe non ti sei registrato tu, ignora questo messaggio.\n`,
        });
      },
    },
    // The signed cookie cache spares a database read per request; a revoked session lives ≤ 60 s more.
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24, cookieCache: { enabled: true, maxAge: 60 } },
    rateLimit: {
      enabled: options.rateLimit,
      window: 60,
      max: 120,
      customRules: { "/sign-in/email": { window: 60, max: 20 }, "/sign-up/email": { window: 60, max: 10 } },
    },
    advanced: { cookiePrefix: "storie" },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createAccountRows(db, { id: user.id, email: user.isAnonymous ? null : user.email });
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
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
        }
        if (GUEST_FORBIDDEN_PATHS.has(ctx.path)) {
          const session = ctx.context.session;
          if (session?.user && (session.user as { isAnonymous?: boolean }).isAnonymous) {
            throw new APIError("FORBIDDEN", { code: "GUEST", message: "Registrati per impostare email e password." });
          }
        }
      }),
    },
    plugins: [
      anonymous({
        emailDomainName: "ospiti.storie.invalid",
        generateName: () => "Ospite",
        onLinkAccount: async ({ anonymousUser, newUser }) => {
          await transferGuestData(db, anonymousUser.user.id, newUser.user.id);
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
