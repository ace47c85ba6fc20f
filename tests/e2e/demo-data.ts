/**
 * Read-only look at the e2e shop's SQLite file, for what a test cannot see on the page (a row it
 * wrote, a file name). Tests create what they change (fixtures.ts's `seed`) and read the demo only
 * for pieces nobody changes.
 */
import path from "node:path";
import SQLite from "better-sqlite3";

import { E2E_DATA_DIR } from "../../playwright.config";

export function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new SQLite(path.join(E2E_DATA_DIR, "nacre.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function count(sql: string, ...params: unknown[]): number {
  return (query<{ n: number }>(sql, ...params)[0] as { n: number }).n;
}
