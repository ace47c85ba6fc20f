/**
 * Vitest global set-up, once per back end (its first project): an empty database with every migration applied, that
 * module tests' contexts copy (app/server/test-context.ts): a SQLite file, or on PostgreSQL a
 * template database on the run's cluster.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createAppContext } from "~/server/context.server";
import { migrateToLatest } from "~/server/database.server";
import { parseEnv } from "~/server/env.server";
import { createTestDatabaseUrl, MIGRATED_ENV, TEST_AUTH_SECRET } from "./test-database";

export default async function setup(project: TestProject) {
  const postgres = project.config.env?.NACRE_TEST_BACKEND === "postgres";
  const variable = postgres ? MIGRATED_ENV.postgres : MIGRATED_ENV.sqlite;
  if (process.env[variable]) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-migrated-"));
  const url = postgres ? createTestDatabaseUrl("migrated") : undefined;
  const ctx = createAppContext(
    parseEnv({
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      ...(url ? { DATABASE_URL: url, AUTH_SECRET: TEST_AUTH_SECRET } : {}),
    }),
  );
  try {
    await migrateToLatest(ctx.db);
  } finally {
    await ctx.close();
  }
  const name = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : path.join(dataDir, "nacre.sqlite");
  process.env[variable] = name;
  return () => {
    delete process.env[variable];
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
