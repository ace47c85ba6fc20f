/**
 * Vitest global set-up of the "postgres" project: one cluster for the whole run; every test file
 * then creates its own databases on it (tests/support/test-database.ts).
 */
import { startTestCluster } from "./postgres-cluster";

export default async function setup() {
  const cluster = await startTestCluster();
  process.env.NACRE_TEST_POSTGRES_URL = cluster.adminUrl;
  return async () => {
    await cluster.stop();
  };
}
