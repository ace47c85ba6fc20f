/**
 * `node --import tsx tests/support/demo-sizes.ts`: makes the demo snapshot's picture sizes
 * (tests/support/demo-snapshot.ts), started in the background by the Vitest set-up so that the
 * browser tests find them ready.
 */
import { ensureDemoSizes } from "./demo-snapshot";

ensureDemoSizes().catch((error) => {
  console.error(error);
  process.exit(1);
});
