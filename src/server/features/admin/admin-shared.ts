/** Helpers shared by the admin routes: paging and timestamps. */

/** OFFSET of a 1-based page. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}


/** Anything a driver returns for a timestamp (Date on PostgreSQL, text or number on SQLite) as ISO text. */
export function toIso(value: Date | string | number): string {
  return new Date(value).toISOString();
}
