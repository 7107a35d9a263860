/**
 * Opaque keyset cursors (DESIGN §8: lists are paged by a keyset cursor): the sort key of the last
 * item of a page, as base64url JSON. Used by the gallery (created_at, id) and /scopri
 * (plays, created_at, id).
 */

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
