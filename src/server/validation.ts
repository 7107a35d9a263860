/** zod validation for route inputs (DESIGN §5): a bad input answers 400 with the schema's Italian message. */

import type { Context } from "hono";
import { z } from "zod";
import { AppError } from "./errors";

// Schemas carry the spec's Italian messages; zod's own fallback texts are Italian too.
z.config(z.locales.it());

/**
 * Hook for @hono/zod-validator: on failure throws AppError 400 VALIDATION whose message is the
 * first issue's message (the spec's Italian text defined in the shared schema).
 */
export function validationHook(
  result: { success: true } | { success: false; error: { issues: readonly { message: string }[] } },
  _c: Context,
): void {
  if (!result.success) {
    throw new AppError("VALIDATION", 400, result.error.issues[0]?.message ?? "Dati non validi.", "Errore");
  }
}
