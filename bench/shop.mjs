// Shared by the benchmarks: starts the built server (build/server.js) in production mode on a fresh
// seeded DATA_DIR and waits until it answers /healthz. BENCH_URL skips the start (an existing shop).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

export async function waitHealthy(url, seconds = 120) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

/** Returns `{ base, dataDir, pid, stop }` (no dataDir nor pid with BENCH_URL); `env` adds variables to the server's environment. */
export async function startShop({ port, label = "bench", env = {} } = {}) {
  if (process.env.BENCH_URL) return { base: process.env.BENCH_URL, stop: async () => {} };
  return spawnShop({ port, label, env });
}

/**
 * Always starts a shop of its own (BENCH_URL ignored), e.g. one of several instances on a database
 * that `env.DATABASE_URL` names. `stop()` resolves once the server has exited. `onLine` receives each
 * line the server prints (its standard output; else ignored). `dataDir`: an existing data folder
 * (e.g. a copy of a seeded one) instead of a fresh one; `startSeconds` (120): how long it may take to
 * answer /healthz (seeding the demo takes minutes on a busy machine).
 */
export async function spawnShop({
  port,
  label = "bench",
  env = {},
  onLine,
  dataDir: existing,
  startSeconds,
}) {
  if (!fs.existsSync(path.join(root, "build/server.js"))) {
    console.error("Run `npm run build` first.");
    process.exit(1);
  }
  const dataDir = existing ?? fs.mkdtempSync(path.join(os.tmpdir(), `nacre-${label}-`));
  const server = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // The benchmarks post from 127.0.0.1, PUBLIC_URL being localhost (the Origin check).
      PUBLIC_URL_ALIASES: `http://127.0.0.1:${port}`,
      // The benchmarks sign in with these (a shop started without them generates random ones).
      ADMIN_PASSWORD: "Admin-Nacre-2026",
      DEMO_PASSWORD: "Cliente-Nacre-2026",
      ...env,
    },
    stdio: onLine ? ["ignore", "pipe", "ignore"] : "ignore",
  });
  if (onLine) {
    let rest = "";
    server.stdout.setEncoding("utf8");
    server.stdout.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
  }
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const base = `http://127.0.0.1:${port}`;
  let started = false;
  const exitedEarly = exited.then(() => {
    if (!started) throw new Error(`the shop on port ${port} exited during its start`);
  });
  try {
    await Promise.race([waitHealthy(base, startSeconds), exitedEarly]);
  } catch (error) {
    // A shop that never answered is not left running behind the bench.
    server.kill("SIGKILL");
    throw error;
  }
  started = true;
  return {
    base,
    dataDir,
    pid: server.pid,
    stop: async () => {
      server.kill("SIGTERM");
      await exited;
    },
  };
}

/** A port nobody listens on, from the system. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The seeded demo customer's session cookie, through the sign-in form of the shop at `base`. */
export async function signInDemoCustomer(base) {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({
      intent: "login",
      email: "cliente@nacre.test",
      password: "Cliente-Nacre-2026",
    }),
  });
  if (response.status !== 302) throw new Error(`sign-in refused (${response.status})`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Stops a shop a bench started and deletes its temporary DATA_DIR (an existing shop keeps its data). */
export async function stopAndClean(shop) {
  await shop.stop();
  if (shop.dataDir) fs.rmSync(shop.dataDir, { recursive: true, force: true });
}
