import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
// Another port (E2E_PORT) means another database and output folder: two runs never collide.
export const E2E_DATA_DIR = path.resolve(
  PORT === 3210 ? "test-results/e2e-data" : `test-results/e2e-data-${PORT}`,
);

/**
 * The second shop, on PostgreSQL (ADR 014), for the tests tagged @postgres. It answers on 127.0.0.1
 * while the SQLite shop answers on localhost: browsers keep cookies per host, not per port, so one
 * saved sign-in (tests/e2e/global-setup.ts) holds a session on each shop without mixing them.
 */
const POSTGRES_PORT = Number(process.env.E2E_POSTGRES_PORT ?? PORT + 1);
export const POSTGRES_SHOP = {
  baseURL: `http://127.0.0.1:${POSTGRES_PORT}`,
  dataDir: path.resolve(PORT === 3210 ? "test-results/e2e-data-pg" : `test-results/e2e-data-pg-${PORT}`),
  /** Where tests/e2e/postgres-shop.mjs writes the URL of the run's database. */
  databaseUrlFile: path.resolve(
    PORT === 3210 ? "test-results/e2e-database-url" : `test-results/e2e-database-url-${PORT}`,
  ),
  /**
   * Started unless the command line names only other projects (`--project desktop`), so a quick
   * SQLite run does not pay for a PostgreSQL cluster and a second demo seed.
   */
  wanted: postgresProjectsRequested(process.argv),
};

function postgresProjectsRequested(argv: string[]): boolean {
  const named: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith("--project=")) named.push(arg.slice("--project=".length));
    else if (arg === "--project") {
      while (argv[i + 1] && !argv[i + 1]?.startsWith("-")) named.push(argv[++i] as string);
    }
  }
  return named.length === 0 || named.some((name) => name.includes("postgres") || name.includes("*"));
}

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

/** The environment both shops share: the accounts the specs sign in with, per-test client addresses. */
const shopEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  SEED_DEMO: "1",
  // The accounts the specs sign in with (tests/e2e/accounts.ts); unset, they would be random.
  ADMIN_PASSWORD: "Admin-Nacre-2026",
  DEMO_PASSWORD: "Cliente-Nacre-2026",
  // Each test presents its own client address (tests/e2e/fixtures.ts), so the rate limits
  // apply per test as they would per visitor, instead of to the whole suite at once.
  TRUST_PROXY: "1",
  // Sizes are made when the specs ask for them: the start-up pass (minutes of AVIF encoding, ADR
  // 010) would share the two cores with the browsers; tests/integration/image-sizes.test.ts covers it.
  IMAGE_SIZES_AT_START: "0",
};

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-quic",
    "--no-first-run",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: PORT === 3210 ? "test-results/e2e-output" : `test-results/e2e-output-${PORT}`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A whole journey's time, not a speed target (those are in bench/). Measured 2026-11-25 on the
  // 2-core machines with Debian's Chromium 156: a page load takes 0.7–1.4 s in the browser while
  // the shop answers in 2–7 ms; a 20-step journey takes 12–14 s alone and over 30 s beside the
  // second worker. Each step keeps its own 7 s limit.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL,
    locale: "fr-FR",
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: "desktop",
      testIgnore: /admin-[^/]*\.spec\.ts$/,
      metadata: { backend: "sqlite" },
      use: desktop,
    },
    // The admin specs add, sell and delete products, categories and events: they run once the
    // other specs, which compare pages with counts read from the seeded database, are done.
    {
      name: "admin",
      testMatch: /admin-[^/]*\.spec\.ts$/,
      dependencies: ["desktop"],
      // One at a time: a spec that counts products must not see another one adding a product.
      workers: 1,
      metadata: { backend: "sqlite" },
      use: desktop,
    },
    // The same specs on PostgreSQL (ADR 014), only the tests tagged @postgres: browse, sign-up,
    // cart, favourites, chat and an admin product edit, on their own shop and database. They run
    // one at a time (the product edit must not change what a catalogue test counts) beside the
    // admin specs, on the worker those leave idle. `--project postgres --no-deps` runs them alone.
    {
      name: "postgres",
      grep: /@postgres/,
      dependencies: ["desktop"],
      workers: 1,
      metadata: { backend: "postgres" },
      use: { ...desktop, baseURL: POSTGRES_SHOP.baseURL },
    },
  ],
  webServer: [
    // Listed first and given no URL to wait for: Playwright starts the servers one after the
    // other, so the PostgreSQL shop seeds while the SQLite one does; global-setup.ts waits for it.
    ...(POSTGRES_SHOP.wanted
      ? [
          {
            // A fresh cluster and database every run, removed when Playwright stops the script.
            command: "node --import tsx tests/e2e/postgres-shop.mjs",
            reuseExistingServer: false,
            // SIGTERM lets the script stop the shop, then the cluster (without it: SIGKILL).
            gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
            env: {
              ...shopEnv,
              PORT: String(POSTGRES_PORT),
              DATA_DIR: POSTGRES_SHOP.dataDir,
              PUBLIC_URL: POSTGRES_SHOP.baseURL,
              // Required with DATABASE_URL: every instance on the database shares it.
              AUTH_SECRET: "nacre-e2e-secret-0123456789abcdef0123456789",
              E2E_DATABASE_URL_FILE: POSTGRES_SHOP.databaseUrlFile,
            },
            stdout: "ignore" as const,
            stderr: "pipe" as const,
          },
        ]
      : []),
    {
      // A fresh database every run: migrations and the demo seed are part of what is tested.
      command: `rm -rf "${E2E_DATA_DIR}" && node build/server.js`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...shopEnv, PORT: String(PORT), DATA_DIR: E2E_DATA_DIR, PUBLIC_URL: baseURL },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
