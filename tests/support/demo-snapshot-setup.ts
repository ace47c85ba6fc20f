/**
 * Vitest global set-up, once per back end (its first project): the run's demo snapshot
 * (tests/support/demo-snapshot.ts, built when its content changed) and, on PostgreSQL, its template
 * database. Without
 * a build (a unit-only run) there is no snapshot, and the suites that need one say so.
 */
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureDemoSnapshot, SNAPSHOT_ENV } from "./demo-snapshot";
import { createPostgresTemplate } from "./postgres-template";

const root = path.resolve(import.meta.dirname, "../..");

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, "build/server.js"))) return;
  const snapshot = await ensureDemoSnapshot();
  process.env[SNAPSHOT_ENV.sqlite] = snapshot;
  if (project.config.env?.NACRE_TEST_BACKEND !== "postgres" || process.env[SNAPSHOT_ENV.postgres]) return;
  const adminUrl = process.env.NACRE_TEST_POSTGRES_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error("Aucun PostgreSQL de test : tests/support/postgres-global-setup.ts d'abord.");
  const template = await createPostgresTemplate(adminUrl, snapshot);
  process.env[SNAPSHOT_ENV.postgres] = template.name;
  return async () => {
    delete process.env[SNAPSHOT_ENV.postgres];
    await template.drop();
  };
}
