/** Helpers shared by the admin domain modules. */

/** A UNIQUE violation, on SQLite (better-sqlite3) or PostgreSQL (23505); optionally on one column. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown };
  const unique = code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
  if (!unique || !column) return unique;
  return `${String(message)} ${String(detail ?? "")}`.includes(column);
}

export function nowIso(): string {
  return new Date().toISOString();
}
