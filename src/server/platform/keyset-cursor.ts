/**
 * Opaque keyset cursors (DESIGN §8: lists are paged by a keyset cursor): the sort key of the last
 * item of a page, as base64url JSON. Used by the gallery (created_at, id), /scopri
 * (plays, created_at, id) and the saved templates (saved_at, favourite id).
 */

import { AppError } from "./errors";

type FieldType = "string" | "number";
type ValueOf<T extends FieldType> = T extends "string" ? string : number;
export type CursorValues<T extends readonly FieldType[]> = { -readonly [K in keyof T]: ValueOf<T[K]> };

/** Encodes the sort key of a page's last item, e.g. [3, "2025-01-01T…", "uuid"]. */
export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/**
 * Reads a cursor. Input: the cursor text and the expected field types in order. Output: the
 * values, or null when it is malformed (wrong length, wrong types, a non-finite or non-integer
 * number, a string over 200 characters): the caller answers 400.
 */
export function decodeCursor<const T extends readonly FieldType[]>(value: string, types: T): CursorValues<T> | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (!Array.isArray(parsed) || parsed.length !== types.length) return null;
    const ok = parsed.every((v, i) =>
      types[i] === "number" ? typeof v === "number" && Number.isSafeInteger(v) : typeof v === "string" && v.length <= 200,
    );
    return ok ? (parsed as CursorValues<T>) : null;
  } catch {
    return null;
  }
}

/**
 * One page of a keyset list from the limit + 1 rows a query read: the first `limit` rows as items,
 * and the cursor of the last one when an extra row shows that more follow (null on the last page).
 * Input: the rows, the page size, the item view of a row, and the sort key of a row.
 */
export function keysetPage<R, T>(rows: R[], limit: number, toItem: (row: R) => T, keyOf: (row: R) => readonly (string | number)[]) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/**
 * A list query's optional cursor, decoded (issue 22 §11: the admin lists). Input: the cursor text
 * or undefined (first page) and the field types. Output: the values, or undefined for the first
 * page. Throws 400 VALIDATION 'Pagina non valida.' for a malformed cursor.
 */
export function cursorParam<const T extends readonly FieldType[]>(value: string | undefined, types: T): CursorValues<T> | undefined {
  if (value === undefined) return undefined;
  const decoded = decodeCursor(value, types);
  if (!decoded) throw AppError.of("VALIDATION", 400, "Pagina non valida.");
  return decoded;
}
