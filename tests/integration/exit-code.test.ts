/**
 * A failed run must fail CI: the exit code a test runner sets survives the PostgreSQL test
 * cluster's module (tests/support/postgres-cluster.ts). Its library used to end every process
 * with `process.exit(0)`, so `npm test` passed with failed tests.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { root } from "../support/shop-server";

it("keeps the exit code a failed run sets once the PostgreSQL module is loaded", () => {
  const script = [
    `const { loadEmbeddedPostgres } = await import(${JSON.stringify(path.join(root, "tests/support/postgres-cluster.ts"))});`,
    "await loadEmbeddedPostgres();",
    "process.exitCode = 3;",
  ].join("\n");
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(3);
});
