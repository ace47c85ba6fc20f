/**
 * `node --import tsx tests/support/demo-sizes.ts`: makes the demo snapshot's picture sizes
 * (tests/support/demo-snapshot.ts), started in the background by the Vitest set-up so that the
 * browser tests find them ready.
 */
import fs from "node:fs";
import os from "node:os";
import { ensureDemoSizes } from "./demo-snapshot";

// Below the tests it runs beside (and the shop it starts inherits it): on a first run the sizes
// take the cores Vitest leaves idle instead of slowing every test file, and the browser stage, which
// waits for them when they are not done, then has the machine to itself.
os.setPriority(19);
// Started detached, this process leads a session of its own, and where the kernel groups sessions
// for scheduling (autogroup) a process's nice only ranks it inside its group: the group itself
// would share the cores equally with Vitest's whole session. Its group is lowered too.
try {
  fs.writeFileSync("/proc/self/autogroup", "19");
} catch {
  // No autogroup here (or no /proc): the process's own nice is what counts.
}

ensureDemoSizes().catch((error) => {
  console.error(error);
  process.exit(1);
});
