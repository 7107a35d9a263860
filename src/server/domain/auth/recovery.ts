/**
 * Account recovery around Better Auth's own endpoints (issue 10; spec §7 /recover, /resend,
 * /verify, §8 errors in the URL): what the auth e-mails did during one request, the return-path
 * rule on every callbackURL/redirectTo, and the answers that depend on them. No tokens are made
 * or checked here: Better Auth keeps doing that.
 */

import { AsyncLocalStorage } from "node:async_hooks";
import { APIError } from "better-auth/api";
import { safeReturnPath } from "../../../shared/return-path";
import { emailRequestSchema } from "../../../shared/schemas/auth";

/** What the e-mail callbacks of one auth request did (read by the after hook of the same request). */
interface RequestRecord {
  /** The confirmation e-mail of this request: sent, or kept back by the per-recipient limit. */
  verificationMail?: "sent" | "skipped";
  /** The account whose password this request reset. */
  resetEmail?: string;
  /** The address a confirmation link confirmed in this request (a sign-up's, not an e-mail change's). */
  confirmedEmail?: string;
}

const records = new AsyncLocalStorage<RequestRecord>();

/**
 * Runs one auth request with an empty record, so that the e-mail callbacks and the after hook
 * of that request share it. Input: the request handler. Output: the same handler, recorded.
 */
export function recorded(handler: (request: Request) => Promise<Response>): (request: Request) => Promise<Response> {
  return (request) => records.run({}, () => handler(request));
}

/** Notes what a confirmation e-mail callback did (no-op outside a recorded request, e.g. auth.api calls). */
export function recordVerificationMail(outcome: "sent" | "skipped"): void {
  const record = records.getStore();
  if (record) record.verificationMail = outcome;
}

/** Notes the account whose password was just reset (Better Auth's onPasswordReset). */
export function recordPasswordReset(email: string): void {
  const record = records.getStore();
  if (record) record.resetEmail = email;
}

/** Notes the address a confirmation link is confirming (Better Auth's beforeEmailVerification: sign-up links only). */
export function recordEmailConfirmation(email: string): void {
  const record = records.getStore();
  if (record) record.confirmedEmail = email;
}

/** The address a confirmation link confirmed in the current request, if any (./confirmation-binding.ts). */
export function confirmedInThisRequest(): string | undefined {
  return records.getStore()?.confirmedEmail;
}

/** Body and query fields through which Better Auth redirects a browser after an auth call. */
const RETURN_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"] as const;

/**
 * Before hook: every callbackURL, redirectTo, errorCallbackURL and newUserCallbackURL of a body,
 * and the callbackURL of a query (e-mail links), must be a same-site path (src/shared/return-path.ts).
 * Throws 403 INVALID_CALLBACK_URL ('Dati non validi.'; Better Auth's own code and status for an
 * untrusted origin) otherwise, before Better Auth acts (no e-mail sent, no account created).
 * Stricter than Better Auth's trustedOrigins check, which accepts absolute URLs of the site.
 * Empty values are left to Better Auth (its defaults).
 */
export function checkReturnPaths(ctx: { body?: unknown; query?: unknown }): void {
  for (const source of [ctx.body, ctx.query]) {
    if (!source || typeof source !== "object") continue;
    for (const field of RETURN_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (value === undefined || value === "") continue;
      if (safeReturnPath(value) === null) throw new APIError("FORBIDDEN", { code: "INVALID_CALLBACK_URL", message: "Invalid callbackURL" });
    }
  }
}

/** The e-mail-only requests: 'Password dimenticata?' (/recover) and 'Invia di nuovo' (/resend). */
const EMAIL_REQUEST_PATHS = new Set(["/request-password-reset", "/send-verification-email"]);

/**
 * Before hook: the body of an e-mail-only request is checked with the web form's schema, so a
 * malformed address gets the form's Italian text (400 VALIDATION 'Inserisci un'email valida.').
 */
export function checkEmailRequest(ctx: { path: string; body?: unknown }): void {
  if (!EMAIL_REQUEST_PATHS.has(ctx.path)) return;
  const parsed = emailRequestSchema.safeParse(ctx.body);
  if (!parsed.success) throw new APIError("BAD_REQUEST", { code: "VALIDATION", message: parsed.error.issues[0]!.message });
}

/** Better Auth's 403 for a right password on an unconfirmed address. */
export function isUnconfirmedSignIn(returned: unknown): boolean {
  return returned instanceof APIError && (returned.body as { code?: unknown } | undefined)?.code === "EMAIL_NOT_VERIFIED";
}

/** The answer to 'Password dimenticata?', whoever the address belongs to. */
export const RESET_REQUESTED = "Se l'indirizzo è registrato, riceverai un'email con il link per impostare una nuova password.";

interface AfterContext {
  path: string;
  context: { returned?: unknown };
  json: (body: Record<string, unknown>) => unknown;
}

/**
 * After hook.
 * - POST /sign-in/email refused with 403 EMAIL_NOT_VERIFIED while the per-recipient limit kept
 *   the new link back: answers 403 EMAIL_NOT_VERIFIED_LINK_RECENT instead, so the player is not
 *   told that a new link was sent (issue 10).
 * - POST /request-password-reset that succeeded: answers {status: true, message} in Italian, the
 *   same whether or not the address is registered (issue 19; Better Auth's text is English).
 * - POST /reset-password that succeeded: answers {status: true, email} so the page can sign the
 *   player in with the new password through the ordinary sign-in (and its second factor, if any).
 * Output: the replacement answer, or undefined to keep Better Auth's.
 */
export function recoveryAnswer(ctx: AfterContext): unknown {
  const record = records.getStore();
  if (!record) return undefined;
  if (ctx.path === "/sign-in/email" && record.verificationMail === "skipped" && isUnconfirmedSignIn(ctx.context.returned)) {
    throw new APIError("FORBIDDEN", { code: "EMAIL_NOT_VERIFIED_LINK_RECENT", message: "Email not verified, link sent recently" });
  }
  if (ctx.path === "/request-password-reset" && !(ctx.context.returned instanceof APIError)) {
    return ctx.json({ status: true, message: RESET_REQUESTED });
  }
  if (ctx.path === "/reset-password" && record.resetEmail && !(ctx.context.returned instanceof APIError)) {
    return ctx.json({ status: true, email: record.resetEmail });
  }
  return undefined;
}
