/**
 * A write the database refuses by its own rules (CHECK, NOT NULL, UNIQUE, FOREIGN KEY) is about the
 * data sent, not a fault of the server: it is answered with a French 4xx, never a 500
 * (docs/product.md §10.1).
 */

export const CONSTRAINT_MESSAGE =
  "Ces informations ne peuvent pas être enregistrées : vérifiez-les et réessayez.";

function codeOf(error: unknown): string {
  if (!error || typeof error !== "object") return "";
  const { code } = error as { code?: unknown };
  return typeof code === "string" ? code : "";
}

/** SQLite's SQLITE_CONSTRAINT_* (better-sqlite3), or PostgreSQL's class 23 (integrity constraint). */
export function isConstraintViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code.startsWith("SQLITE_CONSTRAINT") || /^23[0-9A-Z]{3}$/.test(code);
}

/** 409 when the data collides with what is stored (duplicate, vanished reference), else 400. */
export function constraintStatus(error: unknown): 400 | 409 {
  const code = codeOf(error);
  const conflict = /_(UNIQUE|PRIMARYKEY|FOREIGNKEY)$/.test(code) || code === "23505" || code === "23503";
  return conflict ? 409 : 400;
}

/** A UNIQUE violation, on SQLite (better-sqlite3) or PostgreSQL (23505); optionally on one column. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, message, detail } = error as { code?: unknown; message?: unknown; detail?: unknown };
  const unique = code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505";
  if (!unique || !column) return unique;
  return `${String(message)} ${String(detail ?? "")}`.includes(column);
}

/** Socket errors of a database that cannot be reached. */
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * The database is not there (docs/product.md §10.18): PostgreSQL refused, dropped or timed out the
 * connection (SQLSTATE class 08), is shutting down or starting (57P01–57P03), has no connection
 * left (53300), or its host cannot be reached; the pool's own "connection terminated" included. The
 * shop then answers 503 with Retry-After, not 500: nothing is wrong with the request.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const code = codeOf(error);
  if (UNREACHABLE.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === "53300")
    return true;
  const { message, cause, errors } = error as { message?: unknown; cause?: unknown; errors?: unknown };
  if (
    typeof message === "string" &&
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      message,
    )
  )
    return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
