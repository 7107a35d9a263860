/** zod validation for route inputs (DESIGN §5): a bad input answers 400 with the schema's Italian message. */

import type { Context } from "hono";
import { z } from "zod";
import { AppError } from "./errors";

// Schemas carry the spec's Italian messages; zod's own fallback texts are Italian too.
z.config(z.locales.it());

type ParseResult = { success: true } | { success: false; error: { issues: readonly { message: string }[] } };

/** Throws AppError 400 VALIDATION with the first issue's message when the parse failed. */
function assertValid<R extends ParseResult>(result: R): asserts result is Extract<R, { success: true }> {
  if (!result.success) {
    throw new AppError("VALIDATION", 400, result.error.issues[0]?.message ?? "Dati non validi.", "Errore");
  }
}

/**
 * Hook for @hono/zod-validator: on failure throws AppError 400 VALIDATION whose message is the
 * first issue's message (the spec's Italian text defined in the shared schema).
 */
export function validationHook(result: ParseResult, _c: Context): void {
  assertValid(result);
}

/**
 * Parses a value with a schema chosen after the route read the database (e.g. the length limit
 * of the message being edited). Output: the parsed value. Throws the same 400 VALIDATION as
 * {@link validationHook}.
 */
export function parseInput<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  assertValid(result);
  return result.data;
}

/**
 * Whether a client-given id can be looked up at all: false for an id no row can have (PostgreSQL
 * text cannot hold NUL and would refuse the query, a 500, instead of finding nothing) → 404.
 */
export const isStorableId = (id: string) => !id.includes("\0");
