/** A unique index said no (PostgreSQL and PGlite both use SQLSTATE 23505; drizzle wraps it). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === "23505") return true;
    current = current.cause as typeof current;
  }
  return false;
}
