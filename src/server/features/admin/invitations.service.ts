/**
 * Invitations of accounts created by an admin (issue 10; spec §7 POST /invite and
 * POST /admin/generate_link): a link to set the first password, valid for 7 days, e-mailed when
 * the account is created and again on request ('Invia di nuovo'), or handed to the admin to copy
 * ('Copia link'). The link is Better Auth's own password-reset link (GET
 * /api/auth/reset-password/{token} → /reimposta-password?token=…, single-use, consumed by POST
 * /api/auth/reset-password): only its lifetime differs from ordinary recovery, which keeps Better
 * Auth's 1 hour. One invitation is live per user: a new one replaces the previous links.
 */

import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { AppDeps } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { USER_NOT_FOUND } from "./users.service";

/** Where the set-password link leads (web page reading ?token=). */
export const SET_PASSWORD_PATH = "/reimposta-password";

/** How long an invitation link works (issue 10: 7 days). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Better Auth's key of a password-reset token in its verification table (api/routes/password). */
const resetIdentifier = (token: string) => `reset-password:${token}`;

export interface Invitation {
  email: string;
  /** The link that sets the first password (absolute URL). */
  link: string;
  /** ISO 8601 time after which the link is refused. */
  expiresAt: string;
}

const PASSWORD_ALREADY_SET = () =>
  new AppError("PASSWORD_ALREADY_SET", 409, "L'utente ha già impostato una password: può usare «Password dimenticata?» per cambiarla.", "Invito non necessario");
const PROVIDER_SIGN_IN = () =>
  new AppError("PASSWORD_ALREADY_SET", 409, "L'utente accede già con un account collegato (per esempio Google): non serve un invito.", "Invito non necessario");

/**
 * Issues a new invitation link for a registered user who has no password yet; earlier
 * invitation (and reset) links of that user stop working.
 * Input: the user id. Output: Invitation. Throws 404 USER_NOT_FOUND (unknown id or guest),
 * 409 PASSWORD_ALREADY_SET when the user can already sign in, with a password or a linked
 * provider (the link would let whoever holds it replace or add a password: a takeover).
 */
export async function createInvitation(deps: AppDeps, userId: string): Promise<Invitation> {
  const { db, auth } = deps;
  const user = await db
    .selectFrom("user")
    .select(["id", "email"])
    .where("id", "=", userId)
    .where(sql<boolean>`not coalesce(${sql.ref("isAnonymous")}, false)`)
    .executeTakeFirst();
  if (!user) throw USER_NOT_FOUND();
  // Any way to sign in already (a password, or a provider such as Google): a link would let the
  // admin, or whoever holds it, add a password and enter someone else's account.
  const signIn = await db
    .selectFrom("account")
    .select("providerId")
    .where("userId", "=", userId)
    .where((eb) => eb.or([eb("providerId", "!=", "credential"), eb("password", "is not", null)]))
    .executeTakeFirst();
  if (signIn?.providerId === "credential") throw PASSWORD_ALREADY_SET();
  if (signIn) throw PROVIDER_SIGN_IN();

  const context = await auth.$context;
  const token = randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  await db.deleteFrom("verification").where("value", "=", userId).where("identifier", "like", resetIdentifier("%")).execute();
  await context.internalAdapter.createVerificationValue({ identifier: resetIdentifier(token), value: userId, expiresAt });
  const link = `${context.baseURL}/reset-password/${token}?callbackURL=${encodeURIComponent(SET_PASSWORD_PATH)}`;
  return { email: user.email, link, expiresAt: expiresAt.toISOString() };
}

/**
 * Sends (or sends again) the invitation e-mail with a new 7-day link (spec §7 /invite).
 * Input: the user id. Output: {email, expiresAt}. Throws as createInvitation, or the mailer's error.
 */
export async function sendInvitation(deps: AppDeps, userId: string): Promise<Omit<Invitation, "link">> {
  const { link, ...invitation } = await createInvitation(deps, userId);
  const brand = `${deps.env.BRAND_NAME}.ai`;
  await deps.mailer.send({
    to: invitation.email,
    subject: `Sei stato invitato su ${brand}`,
    text:
      `Ciao,\n\nun amministratore ha creato per te un account su ${brand}.\n` +
      `Per scegliere la tua password e accedere apri questo link (valido 7 giorni):\n${deps.mailer.link(link)}\n\n` +
      `Se non ti aspettavi questo invito, ignora questo messaggio.\n`,
  });
  return invitation;
}
