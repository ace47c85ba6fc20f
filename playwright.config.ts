import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
// Another port (E2E_PORT) means another database and output folder: two runs never collide.
export const E2E_DATA_DIR = path.resolve(
  PORT === 3210 ? "test-results/e2e-data" : `test-results/e2e-data-${PORT}`,
);

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

/** The shop's environment: the accounts the specs sign in with, per-test client addresses. */
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
  // Sizes on demand, never the start-up pass over the whole demo (tests/e2e/shop.ts): the specs
  // ask for about a quarter of them, and earlier runs' are copied in.
  IMAGE_SIZES_AT_START: "0",
};

const chromiumLaunchOptions = {
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
    // A failed test's actions, network and console, beside the page's accessibility snapshot at the
    // failure (error-context.md). Not its screencast nor a DOM snapshot at every action: recorded in
    // every test, passing or not, the snapshots alone took 12–14 % of the browser tests' time
    // (measured 2026-11-27 on three specs, three runs each).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    // Each test's fresh browser would install the service worker, which then fetches again every
    // file and picture of the first page to keep it offline: CPU the two cores share with the
    // tests. The specs about it (offline.spec.ts, the avatar in accounts.spec.ts) allow it.
    serviceWorkers: "block",
    launchOptions: chromiumLaunchOptions,
  },
  // Every spec owns its data (tests/e2e/fixtures.ts's `seed`): both projects run in parallel, on
  // every worker. Two names so that `--project admin` runs the dashboard's specs alone; "admin"
  // first, as Playwright starts the projects in this order: its long journeys then run beside the
  // short tests instead of after them, with the other worker idle.
  projects: [
    { name: "admin", testMatch: /admin-[^/]*\.spec\.ts$/, use: desktop },
    { name: "desktop", testIgnore: /admin-[^/]*\.spec\.ts$/, use: desktop },
  ],
  webServer: {
    // A fresh DATA_DIR every run, copied from the cached demo snapshot (tests/e2e/shop.ts); the
    // seed itself is tested once per back end in Vitest.
    command: "node --import tsx tests/e2e/shop.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // A new content's snapshot is built first when Vitest has not (~25 s); cached, the shop is up
    // in ~1 s.
    timeout: 180_000,
    // SIGTERM lets the shop end its chat streams and close its database (without it: SIGKILL).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: { ...shopEnv, PORT: String(PORT), DATA_DIR: E2E_DATA_DIR, PUBLIC_URL: baseURL },
    stdout: "pipe",
    stderr: "pipe",
  },
});
