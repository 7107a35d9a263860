/**
 * Optimistic concurrency of admin edits (issue 22 §9; docs/decisions/0016): the form of a genre
 * prompt, a template or a notification sends the `version` it was loaded with, and the server
 * saves only while the row still has it (else 409 STALE_EDIT).
 */

import { z } from "zod";

const MISSING = "Versione dell'elemento mancante: ricarica la pagina.";

/** The `version` field: a positive integer (the row's edit count). */
export const versionField = z.number({ error: MISSING }).int(MISSING).min(1, MISSING).max(2_147_483_647, MISSING);

/** `schema` with the required `version` of the edit (PUT bodies). */
export function versioned<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  return schema.extend({ version: versionField });
}
