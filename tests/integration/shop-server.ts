/**
 * Starts the built server (build/server.js) as a child process on a free loopback port and a
 * temporary DATA_DIR, for integration suites. Each suite gets its own ports and data, so Vitest can
 * run the files in parallel and two checkouts on one machine never collide.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { testDatabaseEnv } from "../support/test-database";

export const root = path.resolve(import.meta.dirname, "../..");
const serverEntry = path.join(root, "build/server.js");

export type ShopServer = {
  child: ChildProcess;
  port: number;
  url: string;
  dataDir: string;
  output: () => string;
};

/** Asks the OS for a free port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function newDataDir(label: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `nacre-${label}-`));
  databaseEnvByDataDir.set(dataDir, testDatabaseEnv(label));
  return dataDir;
}

/**
 * A shop's data is its DATA_DIR and, on the PostgreSQL back end, its database: a shop started
 * again on the same DATA_DIR finds the same database (tests/support/test-database.ts).
 */
const databaseEnvByDataDir = new Map<string, Record<string, string>>();

export function databaseEnvOf(dataDir: string): Record<string, string> {
  let env = databaseEnvByDataDir.get(dataDir);
  if (!env) {
    env = testDatabaseEnv(path.basename(dataDir));
    databaseEnvByDataDir.set(dataDir, env);
  }
  return env;
}

export function startServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): ShopServer {
  if (!fs.existsSync(serverEntry))
    throw new Error("build/server.js manque : lancez `npm run build` d'abord.");
  const { port, dataDir } = options;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: "1",
      // Tests sign in with known passwords; a shop started without them generates random ones.
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      DEMO_PASSWORD: DEMO_CUSTOMER.password,
      ...databaseEnvOf(dataDir),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, port, url: `http://127.0.0.1:${port}`, dataDir, output: () => output };
}

export async function waitHealthy(server: ShopServer, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(
        `le serveur du port ${server.port} s'est arrêté (code ${server.child.exitCode}) :\n${server.output()}`,
      );
    }
    try {
      const response = await fetch(`${server.url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`le serveur du port ${server.port} n'a pas démarré :\n${server.output()}`);
}

/** A fresh shop on a free port, healthy. */
export async function startShop(label: string, env?: Record<string, string>) {
  const server = startServer({ port: await freePort(), dataDir: newDataDir(label), env });
  await waitHealthy(server);
  return server;
}

export async function stopServer(server: { child: ChildProcess }, signal: NodeJS.Signals = "SIGTERM") {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill(signal);
  await exited;
}

/** Read-only access to the server's database file, closed after `read`. */
export function readDatabase<T>(dataDir: string, read: (db: SQLite.Database) => T): T {
  const db = new SQLite(path.join(dataDir, "nacre.sqlite"), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

function cookieHeader(response: Response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Signs in through the /auth form like a browser without JavaScript; returns the cookie header. */
export async function signIn(url: string, email: string, password: string) {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  if (response.status !== 302) throw new Error(`connexion refusée pour ${email} (${response.status})`);
  return cookieHeader(response);
}

/** Creates a customer account through the /auth form; returns the cookie header. */
export async function signUp(url: string, email: string, name = "Cliente test") {
  const response = await fetch(`${url}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({
      intent: "signup",
      name,
      email,
      password: "Motdepasse-2026",
      passwordConfirm: "Motdepasse-2026",
    }),
  });
  if (response.status !== 302) throw new Error(`inscription refusée pour ${email} (${response.status})`);
  return cookieHeader(response);
}

export const DEMO_ADMIN = { email: "admin@nacre.test", password: "Admin-Nacre-2026" };
export const DEMO_CUSTOMER = { email: "cliente@nacre.test", password: "Cliente-Nacre-2026" };
