/**
 * Better Auth's failed answers in Italian (issue 9 findings 5 and 7): every 4xx/5xx of
 * /api/auth/* leaves as {code, message, title, error: {code, message, title}}: the top-level
 * fields for Better Auth's web client, `error` as every other route (DESIGN §6). Texts come from
 * the shared catalogue (src/shared/auth-errors.ts); `code` is kept so the web can branch on it.
 */

import { AUTH_ERRORS, authErrorText, specAuthCode } from "../../../shared/auth-errors";
import { ERRORS } from "../../../shared/errors";
import { refusedOriginLog } from "./origins";
import type { Logger } from "../../platform/ops/logger";

const ORIGIN_CODES = new Set(["INVALID_ORIGIN", "MISSING_OR_NULL_ORIGIN"]);

/** Codes whose status alone names them when Better Auth sends no code. */
const CODE_BY_STATUS: Record<number, string> = { 404: "NOT_FOUND", 413: "PAYLOAD_TOO_LARGE", 429: "RATE_LIMITED" };

/** Body of an error on an /api/auth path: both shapes, same content. */
export function authErrorBody(error: { code: string; message: string; title?: string }) {
  return { ...error, error };
}

/**
 * Rewrites a failed Better Auth answer in Italian; successful answers pass through untouched.
 * Input: Better Auth's Response, the server log, the request's Origin header.
 * Output: a JSON Response with the same status and headers (e.g. X-Retry-After, Set-Cookie).
 * Codes sent by the app's own hooks and limits (VALIDATION with the schema's text, RATE_LIMITED
 * with its wait, other codes of the shared ERRORS catalogue) keep their message; Better Auth's codes take the catalogue's text;
 * unknown codes a text chosen by status. A refused origin is logged with a hint naming PUBLIC_URL.
 */
export async function italianAuthAnswer(response: Response, logger: Logger, origin: string | undefined): Promise<Response> {
  if (response.status < 400) return response;
  const raw = await response.text();
  let sent: { code?: unknown; message?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === "object") sent = parsed as typeof sent;
  } catch {
    // Not JSON (e.g. an empty 404): the status decides.
  }
  const message = typeof sent.message === "string" ? sent.message : undefined;
  const sentCode = (typeof sent.code === "string" && sent.code) || CODE_BY_STATUS[response.status] || "AUTH_ERROR";
  // Better Auth names an unreadable body only in English text: give it the app's code.
  // The identity rules answer with the spec's codes (§8: identity_already_exists…).
  const code = sentCode === "BAD_REQUEST" && message?.includes("JSON") ? "MALFORMED_REQUEST" : specAuthCode(sentCode);
  if (ORIGIN_CODES.has(code)) logger.warn(refusedOriginLog(origin));
  // Only a code the sender named itself (the app's hooks, the sign-in limits' 429 with its wait) keeps
  // its message; a codeless answer is Better Auth's own, in English.
  const ownMessage = typeof sent.code === "string" && code in ERRORS && !(code in AUTH_ERRORS) ? message : undefined;
  const italian = authErrorText(code, response.status);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json; charset=UTF-8");
  return new Response(JSON.stringify(authErrorBody({ code, message: ownMessage ?? italian.message, title: italian.title })), { status: response.status, headers });
}
