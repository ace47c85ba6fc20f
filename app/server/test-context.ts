/**
 * A real app context over a fresh temporary DATA_DIR, for tests of server modules: on the test
 * run's back end (SQLite, or a fresh PostgreSQL database in the "postgres" Vitest project), copied
 * from the run's empty migrated database when there is one (migrating is then a check).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migratedDatabaseEnv } from "../../tests/support/test-database";
import { type AppContext, createAppContext } from "./context.server";
import { migrateToLatest } from "./database.server";
import { parseEnv } from "./env.server";

export async function createTestContext(overrides: Record<string, string> = {}): Promise<AppContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-test-"));
  const ctx = createAppContext(
    parseEnv({
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      NODE_ENV: "test",
      ...(overrides.DATABASE_URL ? {} : migratedDatabaseEnv("ctx", dataDir)),
      ...overrides,
    }),
  );
  await migrateToLatest(ctx.db);
  return ctx;
}
