/**
 * Optimistic concurrency of admin edits (issue 22 §9; docs/decisions/0016): genre prompts,
 * templates and notifications carry a `version` (their edit count, migration 0019). A save is an
 * UPDATE … SET version = version + 1 WHERE id = :id AND version = :version; when no row matches,
 * staleOrMissing tells a stale edit (409) from a missing row (404).
 */

import { sql } from "kysely";
import { AppError } from "./errors";

/** The SET value that moves a row to its next version. */
export const nextVersion = sql<number>`version + 1`;

/**
 * The error of an update that matched no row. Input: whether the row exists (with any version)
 * and the not-found error of that kind of row. Output: a thrown 409 STALE_EDIT ('Questo elemento
 * è stato modificato da un altro amministratore: …') when it exists, else the not-found error.
 */
export function staleOrMissing(exists: boolean, notFound: () => AppError): never {
  throw exists ? AppError.of("STALE_EDIT", 409) : notFound();
}

/** A saved version as the audit log keeps it: `label` (id), the version reached and every saved value as JSON. */
export function versionDetail(label: string, version: number, values: unknown): string {
  return `${label} v${version}: ${JSON.stringify(values)}`;
}

/** A refused stale save as the audit log keeps it: `label` (id), the version it was made on and every value it carried, as JSON. */
export function rejectedDetail(label: string, baseVersion: number, values: unknown): string {
  return `${label}: modifica fatta sulla v${baseVersion} e rifiutata (già modificato da un altro amministratore): ${JSON.stringify(values)}`;
}

/** The values of a versioned save without its `version` (what the audit entry lists). */
export function omitVersion<T extends { version: number }>({ version: _version, ...values }: T): Omit<T, "version"> {
  return values;
}
