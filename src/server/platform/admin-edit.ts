/**
 * Optimistic concurrency of admin edits (issue 22 §9; docs/decisions/0016): genre prompts,
 * templates and notifications carry a `version` (their edit count, migration 0019). A save is an
 * UPDATE … SET version = version + 1 WHERE id = :id AND version = :version; when no row matches,
 * staleOrMissing tells a stale edit (409) from a missing row (404).
 */

import { sql } from "kysely";
import { AUDIT_FIELD_LABELS } from "../../shared/audit-actions";
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

const decimal = new Intl.NumberFormat("it-IT", { maximumFractionDigits: 3 });

/** One value as an admin reads it: text as written (line breaks kept), numbers in Italian, lists comma-separated, cards one a line. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "Non impostato";
  if (typeof value === "number") return decimal.format(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "Nessuno";
    return value.every((item) => typeof item !== "object" || item === null) ? value.map(valueText).join(", ") : value.map(valueText).join("\n");
  }
  if (typeof value === "object") return Object.values(value).map(valueText).join(" — ");
  return String(value);
}

/**
 * The fields of an admin edit as Italian text (issue 39: never raw JSON): one 'Nome: valore' a
 * line, a value of several lines under its name; with `before`, only the fields that changed.
 */
export function fieldsText(values: object, before?: object): string {
  const previous = before as Record<string, unknown> | undefined;
  const changed = Object.entries(values).filter(([key, value]) => !previous || JSON.stringify(previous[key] ?? null) !== JSON.stringify(value ?? null));
  if (changed.length === 0) return "nessun campo cambiato";
  return changed
    .map(([key, value]) => {
      const [name, text] = [AUDIT_FIELD_LABELS[key] ?? key, valueText(value)];
      return text.includes("\n") ? `${name}:\n${text}` : `${name}: ${text}`;
    })
    .join("\n");
}

/**
 * A saved version as the audit log keeps it: `label` (id), the version reached and the saved
 * values ({@link fieldsText}: only those that changed when `before` is given).
 */
export function versionDetail(label: string, version: number, values: object, before?: object): string {
  return `${label}, versione ${version}\n${fieldsText(values, before)}`;
}

/** A refused stale save as the audit log keeps it: `label` (id), the version it was made on and every value it carried. */
export function rejectedDetail(label: string, baseVersion: number, values: object): string {
  return `${label}: modifica fatta sulla versione ${baseVersion} e rifiutata (già modificato da un altro amministratore)\n${fieldsText(values)}`;
}

/** The values of a versioned save without its `version` (what the audit entry lists). */
export function omitVersion<T extends { version: number }>({ version: _version, ...values }: T): Omit<T, "version"> {
  return values;
}
