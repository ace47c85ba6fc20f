import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Vitest runs without the React Router plugin: unit tests import modules directly, and the
// integration tests start the real built server (see tests/integration).
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "db/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // As in the app (root route and server entry): zod speaks French.
    setupFiles: ["app/lib/zod-french.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
