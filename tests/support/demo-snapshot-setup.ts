/**
 * Vitest global set-up, once per project: starts a demo shop on the project's back end with the
 * test harness's default settings, lets it seed, stops it, and leaves it as the run's snapshot
 * (tests/support/demo-snapshot.ts). Without a build (a unit-only run) there is no snapshot and
 * test shops seed as usual.
 */
import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import {
  databaseEnvOf,
  freePort,
  newDataDirOn,
  root,
  startServer,
  stopServer,
  waitHealthy,
} from "../integration/shop-server";
import { SNAPSHOT_ENV } from "./demo-snapshot";
import { createTestDatabaseUrl, TEST_AUTH_SECRET } from "./test-database";

export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, "build/server.js"))) return;
  const backend = project.config.env?.NACRE_TEST_BACKEND === "postgres" ? "postgres" : "sqlite";
  const dataDir = newDataDirOn(
    `demo-${backend}`,
    backend === "postgres"
      ? { DATABASE_URL: createTestDatabaseUrl("demo"), AUTH_SECRET: TEST_AUTH_SECRET }
      : { DATABASE_URL: "", AUTH_SECRET: "" },
  );
  const shop = startServer({ port: await freePort(), dataDir, env: { BACKUP_INTERVAL_HOURS: "0" } });
  try {
    await waitHealthy(shop, 180_000);
  } finally {
    await stopServer(shop);
  }
  if (!shop.output().includes("contenu de démonstration créé"))
    throw new Error(`la boutique de démonstration n'a pas été créée :\n${shop.output()}`);
  const url = databaseEnvOf(dataDir).DATABASE_URL;
  process.env[SNAPSHOT_ENV[backend]] = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : dataDir;
  return () => {
    delete process.env[SNAPSHOT_ENV[backend]];
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
