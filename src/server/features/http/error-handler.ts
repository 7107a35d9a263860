/**
 * The app's error handler (DESIGN §6; issue 9 finding 5): every error leaves as
 * {error: {code, title, message}} in Italian. Hono's own HTTP errors (a malformed JSON body from
 * the validator: 400; a body over the limit: 413) keep their status with the catalogue's text;
 * only a real fault is a 500, and it is logged with its stack.
 */

import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../../domain/context";
import { AppError } from "../../platform/errors";
import { authErrorBody } from "./auth-answers";

/** An HTTPException as the matching AppError (4xx keep their status; the text is the catalogue's). */
function fromHttpException(error: HTTPException): AppError {
  if (error.status === 413) return AppError.of("PAYLOAD_TOO_LARGE", 413);
  if (error.status === 404) return AppError.of("NOT_FOUND", 404);
  if (error.status === 401) return AppError.of("UNAUTHENTICATED", 401);
  if (error.status === 403) return AppError.of("FORBIDDEN", 403);
  if (error.status === 429) return AppError.of("RATE_LIMITED", 429);
  if (error.status >= 400 && error.status < 500) return AppError.of("MALFORMED_REQUEST", 400);
  return AppError.of("GENERIC", 500);
}

/**
 * SQLSTATEs with which PostgreSQL refuses a text it cannot store (a NUL character in a body or a
 * path): the input's fault, so a 400 rather than a 500. SQLite stores such text as it is.
 */
const UNSTORABLE_TEXT = new Set(["22021", "22P05"]);

/** True for a database error caused by unstorable text in the request. */
const isUnstorableText = (error: Error) => UNSTORABLE_TEXT.has(String((error as { code?: unknown }).code));

/**
 * Hono onError handler. Input: the thrown value and the request context. Output: the JSON answer
 * (on /api/auth/* also with top-level code and message, the shape Better Auth's client reads).
 */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  let appError: AppError;
  if (error instanceof AppError) appError = error;
  else if (error instanceof HTTPException) appError = fromHttpException(error);
  else if (isUnstorableText(error)) appError = AppError.of("VALIDATION", 400);
  else {
    c.var.deps.logger.error({ err: error, method: c.req.method, route: c.req.routePath }, "Errore non gestito");
    appError = AppError.of("GENERIC", 500);
  }
  const body = appError.toBody();
  return c.json(c.req.path.startsWith("/api/auth/") ? authErrorBody(body.error) : body, appError.status);
}
