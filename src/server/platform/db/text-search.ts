/**
 * Case-insensitive "contains" filters of the admin lists (search boxes), the same SQL on SQLite
 * and PostgreSQL: lower(column) LIKE '%text%' with %, _ and \ escaped.
 */

import { type RawBuilder, sql } from "kysely";

/** Escapes % _ and \ for a LIKE pattern used with ESCAPE '\'. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A condition: `column` (a column reference such as 'u.email'; NULL counts as empty) contains
 * `text`, ignoring case. Output: a boolean SQL expression for .where().
 */
export function contains(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(coalesce(${sql.ref(column)}, '')) like ${likePattern(text)} escape '\\'`;
}
