/**
 * Input every auth endpoint refuses before acting (issue 19, low findings): a NUL character in
 * any text of the body or query Better Auth parsed. PostgreSQL cannot store it, and no e-mail,
 * name, password, token or code contains one.
 */

import { APIError } from "better-auth/api";

/**
 * True when `value` (any JSON value) holds a string with a NUL character. Walks with its own stack,
 * not by recursion: a body nested thousands of levels deep ('[[[[…') cannot overflow the call stack.
 */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes("\u0000")) return true;
    } else if (Array.isArray(next)) {
      pending.push(...next);
    } else if (next && typeof next === "object") {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes("\u0000")) return true;
        pending.push(inner);
      }
    }
  }
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
