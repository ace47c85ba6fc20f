/**
 * `node --import tsx tests/support/demo-sizes.ts`: makes the demo snapshot's picture sizes
 * (tests/support/demo-snapshot.ts), started in the background by the Vitest set-up so that the
 * browser tests find them ready.
 */
import os from "node:os";
import { ensureDemoSizes } from "./demo-snapshot";

// Below the tests it runs beside (and the shop it starts inherits it): on a first run the sizes
// take the cores Vitest leaves idle instead of slowing every test file, and the browser stage, which
// waits for them when they are not done, then has the machine to itself.
os.setPriority(19);

ensureDemoSizes().catch((error) => {
  console.error(error);
  process.exit(1);
});
