/**
 * Input every auth endpoint refuses before acting (issue 19, low findings): a NUL character in
 * any text of the body or query Better Auth parsed. PostgreSQL cannot store it, and no e-mail,
 * name, password, token or code contains one.
 */

import { APIError } from "better-auth/api";

/** True when `value` (any JSON value) holds a string with a NUL character. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([key, inner]) => key.includes("\u0000") || holdsNul(inner));
  return false;
}

/**
 * Before hook: throws APIError 400 VALIDATION ('I dati inviati contengono un carattere non
 * valido.') when the body or query holds a NUL character, before Better Auth reads the database.
 */
export function refuseNul(ctx: { body?: unknown; query?: unknown }): void {
  if (holdsNul(ctx.body) || holdsNul(ctx.query)) {
    throw new APIError("BAD_REQUEST", { code: "VALIDATION", message: "I dati inviati contengono un carattere non valido." });
  }
}
