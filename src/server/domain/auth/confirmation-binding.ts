/**
 * Which browser a confirmation link signs in (issue 36 finding 1). Better Auth's own sign-in
 * after verification signs in whatever browser opens the link, and the link is a plain GET (a
 * top-level redirect from any site reaches it with the SameSite=Lax cookies): an attacker's link
 * would sign a guest into the attacker's account, taking the guest's stories along (anonymous
 * plugin, onLinkAccount), or silently switch a signed-in player to it (login CSRF).
 *
 * So auth.ts turns that sign-in off, and this module binds the link to the browser that started
 * the sign-up: the answer to a sign-up (or to a sign-in refused only because the address is not
 * confirmed yet: the password was right) sets a signed, HttpOnly cookie naming the address. When
 * a confirmation link confirms that same address in a browser holding that cookie, the browser is
 * signed in (a new session, as Better Auth would have made), and the cookie is spent; a guest's
 * session there then hands its stories to the new account through the anonymous plugin, which
 * runs after this hook. Anywhere else the link only confirms the address: the player signs in.
 */

import { APIError } from "better-auth/api";
import { expireCookie, setSessionCookie } from "better-auth/cookies";
import { confirmedInThisRequest, isUnconfirmedSignIn } from "./recovery";
import type { HookContext } from "./two-factor";

/** Better Auth's lifetime of a confirmation link when emailVerification.expiresIn is unset (seconds). */
const LINK_LIFETIME = 60 * 60;

/** The binding cookie ("storie.confirmation", Secure behind HTTPS), living as long as a link. */
function bindingCookie(ctx: HookContext) {
  return ctx.context.createAuthCookie("confirmation", { maxAge: ctx.context.options.emailVerification?.expiresIn ?? LINK_LIFETIME });
}

/** The answers that may bind a browser: a sign-up, and a sign-in with the right password on an unconfirmed address. */
export const CONFIRMATION_BINDING_PATHS: ReadonlySet<string> = new Set(["/sign-up/email", "/sign-in/email"]);

/**
 * After hook of POST /sign-up/email and POST /sign-in/email: binds the browser to the address
 * once a sign-up succeeded, or a sign-in was refused only because the address is unconfirmed.
 * Input: the hook context (body.email as Better Auth parsed it). Output: none; sets the cookie.
 */
export async function bindConfirmationToBrowser(ctx: HookContext): Promise<void> {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== "string") return;
  const succeeded = ctx.path === "/sign-up/email" ? !(ctx.context.returned instanceof APIError) : isUnconfirmedSignIn(ctx.context.returned);
  if (!succeeded) return;
  const cookie = bindingCookie(ctx);
  await ctx.setSignedCookie(cookie.name, email.trim().toLowerCase(), ctx.context.secret, cookie.attributes);
}

/**
 * After hook of GET /verify-email: when this request confirmed the address the browser is bound
 * to, signs the browser in as that account and spends the binding. Any other browser (another
 * address bound, or none) is left as it was: visitor, guest or signed-in player.
 * Input: the hook context. Output: none; sets the session cookie (and Better Auth's new session).
 */
export async function signInBoundBrowser(ctx: HookContext): Promise<void> {
  const confirmed = confirmedInThisRequest();
  if (!confirmed) return;
  const cookie = bindingCookie(ctx);
  const bound = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (bound !== confirmed.toLowerCase()) return;
  const found = await ctx.context.internalAdapter.findUserByEmail(confirmed);
  if (!found?.user.emailVerified) return;
  const session = await ctx.context.internalAdapter.createSession(found.user.id);
  await setSessionCookie(ctx, { session, user: found.user });
  expireCookie(ctx, cookie);
}
