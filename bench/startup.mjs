// How much a start of the built server costs (README.md "Where the time goes"): the CPU to import
// the server bundle, and a restart on an existing data folder — time until /healthz answers and the
// CPU the process spent by then. A server restarts at each deploy and crash; the test suites start it
// about a hundred times. Median of RUNS (5) starts, one after the other, nothing else running.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, root, spawnShop } from "./shop.mjs";

const RUNS = Number(process.env.RUNS ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }));

/** CPU (ms) the process `pid` has used so far: user + system, from /proc. */
function cpuOf(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
}

function importCpu() {
  const script = `const t = process.cpuUsage(); import(${JSON.stringify(path.join(root, "build/server/index.js"))}).then(() => { const u = process.cpuUsage(t); console.log((u.user + u.system) / 1000); process.exit(0); });`;
  return Number(
    execFileSync(process.execPath, ["-e", script], {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    }),
  );
}

// A shop started once (migrations, admin account), then restarted on its data: what a restart costs.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-startup-"));
const env = { SEED_DEMO: "0", IMAGE_SIZES_AT_START: "0", BACKUP_INTERVAL_HOURS: "0" };
const first = await spawnShop({ port: await freePort(), label: "startup", env, dataDir });
await first.stop();

const imports = [];
const ready = [];
const cpu = [];
for (let run = 0; run < RUNS; run++) {
  imports.push(importCpu());
  const started = performance.now();
  const shop = await spawnShop({ port: await freePort(), label: "startup", env, dataDir });
  ready.push(performance.now() - started);
  cpu.push(cpuOf(shop.pid));
  await shop.stop();
}
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `startup (median of ${RUNS}): import of the server bundle ${median(imports).toFixed(0)} ms of CPU; ` +
    `restart to /healthz ${median(ready).toFixed(0)} ms, ${median(cpu).toFixed(0)} ms of CPU`,
);
