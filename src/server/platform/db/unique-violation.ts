/** True for a unique-constraint violation on SQLite or PostgreSQL (code 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
