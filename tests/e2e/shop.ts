/**
 * The browser tests' shop (playwright.config.ts's webServer), run with `node --import tsx`: a fresh
 * DATA_DIR holding a copy of the run's demo snapshot (tests/support/demo-snapshot.ts), then
 * build/server.js on it with the environment Playwright gave.
 *
 * Why a copy and not a first start: seeding takes ~25 s. The snapshot is built once per content and
 * kept in the temporary folder, usually by the Vitest set-up before Playwright runs. The shop makes
 * the picture sizes pages ask for on demand (IMAGE_SIZES_AT_START=0: the specs ask for about a
 * quarter of them, mostly the small ones, and a visitor's size never waits behind the background
 * pass, ADR 021); once it has stopped, those of the snapshot's pictures join the snapshot for the
 * next run (keepMadeSizes).
 *
 * SIGTERM or SIGINT (Playwright's graceful shutdown), or Playwright going away (stdin closed), stop
 * the shop, and this script exits with the shop's code.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  copySqliteSnapshot,
  ensureDemoSnapshot,
  keepMadeSizes,
  SNAPSHOT_CACHE,
} from "../support/demo-snapshot";

const root = path.resolve(import.meta.dirname, "../..");
const dataDir = process.env.DATA_DIR;
if (!dataDir || !process.env.PORT) {
  console.error("tests/e2e/shop.ts : DATA_DIR et PORT sont obligatoires.");
  process.exit(2);
}

let shop: ReturnType<typeof spawn> | undefined;
let stopping = false;

function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  // Before the shop runs there is only the snapshot's own work, whose processes share our group
  // and received the same signal.
  if (!shop || shop.exitCode !== null || shop.signalCode !== null) process.exit(0);
  shop.kill(signal);
  setTimeout(() => shop?.kill("SIGKILL"), 12_000).unref();
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => stop(signal));
// Playwright holds our stdin open while it runs: its end means the runner is gone.
if (fs.fstatSync(0).isFIFO()) {
  process.stdin.on("end", () => stop("SIGTERM"));
  process.stdin.resume();
}
// Last resort on an abrupt exit: never leave the shop holding the port.
process.on("exit", () => {
  if (shop && shop.exitCode === null) shop.kill("SIGKILL");
});

const started = Date.now();
const waiting = setTimeout(() => {
  console.info(
    `Boutique des tests : la démonstration se prépare dans ${SNAPSHOT_CACHE} (une fois par contenu, ~25 s).`,
  );
}, 2_000);
const snapshot = await ensureDemoSnapshot();
clearTimeout(waiting);
if (Date.now() - started > 2_000)
  console.info(`Boutique des tests : démonstration prête en ${Math.round((Date.now() - started) / 1000)} s.`);

fs.rmSync(dataDir, { recursive: true, force: true });
copySqliteSnapshot(dataDir, { from: snapshot, sizes: true });

if (!stopping) {
  shop = spawn(process.execPath, [path.join(root, "build/server.js")], {
    cwd: root,
    env: process.env,
    // The request log (a JSON line per request) stays out of Playwright's output; errors reach it.
    stdio: ["ignore", "ignore", "inherit"],
  });
  shop.on("exit", (code, signal) => {
    if (!stopping)
      console.error(`tests/e2e/shop.ts : la boutique s'est arrêtée (${signal ?? `code ${code}`}).`);
    try {
      keepMadeSizes(dataDir, snapshot);
    } catch (error) {
      // Only the next run's speed depends on it.
      console.error("tests/e2e/shop.ts : tailles d'images non gardées pour la prochaine fois", error);
    }
    process.exit(code ?? (stopping ? 0 : 1));
  });
}
