/**
 * Vitest global set-up of the "postgres" projects: one cluster for the whole run, made by the first
 * project that starts; every test file then creates its own databases on it
 * (tests/support/test-database.ts).
 */
import { startTestCluster } from "./postgres-cluster";

export default async function setup() {
  if (process.env.NACRE_TEST_POSTGRES_URL) return;
  const cluster = await startTestCluster();
  process.env.NACRE_TEST_POSTGRES_URL = cluster.adminUrl;
  return async () => {
    delete process.env.NACRE_TEST_POSTGRES_URL;
    await cluster.stop();
  };
}
