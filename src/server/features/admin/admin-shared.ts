/** Helpers shared by the admin routes: paging, LIKE patterns, timestamps, Rome's day start. */

/** OFFSET of a 1-based page. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}


/** Escapes % _ and \ for a LIKE pattern used with ESCAPE '\'. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Anything a driver returns for a timestamp (Date on PostgreSQL, text or number on SQLite) as ISO text. */
export function toIso(value: Date | string | number): string {
  return new Date(value).toISOString();
}
