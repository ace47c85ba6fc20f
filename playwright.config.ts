import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;
// Another port (E2E_PORT) means another database and output folder: two runs never collide.
export const E2E_DATA_DIR = path.resolve(
  PORT === 3210 ? "test-results/e2e-data" : `test-results/e2e-data-${PORT}`,
);

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
  timeout: 30_000,
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
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    // The admin specs add, sell and delete products, categories and events: they run once the
    // other specs, which compare pages with counts read from the seeded database, are done.
    {
      name: "admin",
      testMatch: /admin-[^/]*\.spec\.ts$/,
      dependencies: ["desktop"],
      // One at a time: a spec that counts products must not see another one adding a product.
      workers: 1,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    // A fresh database every run: migrations and the demo seed are part of what is tested.
    command: `rm -rf "${E2E_DATA_DIR}" && node build/server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      SEED_DEMO: "1",
      // The accounts the specs sign in with (tests/e2e/accounts.ts); unset, they would be random.
      ADMIN_PASSWORD: "Admin-Nacre-2026",
      DEMO_PASSWORD: "Cliente-Nacre-2026",
      // Each test presents its own client address (tests/e2e/fixtures.ts), so the rate limits
      // apply per test as they would per visitor, instead of to the whole suite at once.
      TRUST_PROXY: "1",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
