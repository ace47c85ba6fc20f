/**
 * The demo shop every test shop starts from, built once per content and kept between runs: seeding
 * draws ~100 pictures (~25 s), and the suites start dozens of shops.
 *
 * The snapshot is what a first start of the built server leaves: `nacre.sqlite` and `uploads/`, in
 * `$TMPDIR/nacre-test-cache/demo-<key>/`. The key hashes what the content depends on: db/
 * (migrations, seed, artwork), the image code and the lockfile (sharp, Better Auth). A run that
 * finds the folder uses it; the first run of a new key builds it under a lock (two runs starting
 * together build it once) and the oldest snapshots are removed.
 *
 * Picture sizes are not made ahead for it: every size pages name is ~1,000 files and ~5 minutes of
 * AVIF encoding on two cores, of which the browser tests ask for about 280, mostly the small ones
 * (ADR 024). Their shop makes those on demand and, when the run ends, leaves them in the snapshot's
 * `cache/` (keepMadeSizes), where the next run's shop finds them.
 *
 * A copy: SQLite, the file and the folders into a new DATA_DIR; PostgreSQL, `create database …
 * template …` of a database made from the snapshot (tests/support/postgres-template.ts).
 * Seeding itself is tested on its own, once per back end (tests/integration/server.test.ts).
 */
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { freePort } from "./free-port";

const root = path.resolve(import.meta.dirname, "../..");

/** The accounts of the demo snapshot (and of every shop the suites start). */
export const DEMO_ADMIN = { email: "admin@nacre.test", password: "Admin-Nacre-2026" };
export const DEMO_CUSTOMER = { email: "cliente@nacre.test", password: "Cliente-Nacre-2026" };

/** Settings a snapshot is made with: a test shop changing one of them seeds for itself. */
export const SNAPSHOT_SETTINGS = [
  "SEED_DEMO",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
  "DEMO_PASSWORD",
  "NODE_ENV",
  "DATABASE_URL",
];

/** What the demo's content depends on, besides db/. */
const CONTENT_INPUTS = [
  "package-lock.json",
  "app/lib/images.ts",
  "app/server/images.server.ts",
  "app/server/image-variants.server.ts",
];

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/\.test\.ts$/.test(file));
}

/** The content key: a hash of every file the demo's content is made from. */
export function demoSnapshotKey(): string {
  const hash = crypto.createHash("sha256");
  const files = [
    ...filesUnder(path.join(root, "db")),
    ...CONTENT_INPUTS.map((file) => path.join(root, file)),
  ];
  for (const file of files.sort()) {
    hash.update(path.relative(root, file));
    hash.update("\0");
    hash.update(fs.readFileSync(file));
    hash.update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

export const SNAPSHOT_CACHE = path.join(os.tmpdir(), "nacre-test-cache");
/** How many snapshots (of other contents: other branches, other checkouts) are kept. */
const KEEP = 3;

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Runs `build` while holding the lock folder `lock`; waits while a live process holds it. */
async function underLock<T>(lock: string, build: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      fs.writeFileSync(path.join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(path.join(lock, "pid"), { encoding: "utf8", flag: "a+" }));
      // A holder that died (or had not written its pid yet, for a moment) leaves the lock behind.
      if (holder && !pidAlive(holder)) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`verrou ${lock} tenu depuis plus de 15 minutes`);
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await build();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Runs the built server on `dataDir` until its output says `ready`, then stops it; returns the
 * output. `env` is added to the test shops' usual settings.
 */
async function runShopUntil(dataDir: string, env: Record<string, string>, ready: string): Promise<string> {
  const serverEntry = path.join(root, "build/server.js");
  if (!fs.existsSync(serverEntry))
    throw new Error("build/server.js manque : lancez `npm run build` avant les tests.");
  const port = await freePort();
  const shop = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: "",
      AUTH_SECRET: "",
      SEED_DEMO: "1",
      ADMIN_PASSWORD: DEMO_ADMIN.password,
      DEMO_PASSWORD: DEMO_CUSTOMER.password,
      BACKUP_INTERVAL_HOURS: "0",
      INACTIVITY_FIRST_PASS_SECONDS: "86400",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const done = new Promise<void>((resolve, reject) => {
    const onOutput = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(ready)) resolve();
      else if (/tailles d'images (interrompue|abandonnée)|non préparées/i.test(output))
        reject(new Error(`tailles d'images non faites :\n${output}`));
    };
    shop.stdout.on("data", onOutput);
    shop.stderr.on("data", onOutput);
    shop.on("exit", (code) => reject(new Error(`la boutique s'est arrêtée (code ${code}) :\n${output}`)));
    setTimeout(
      () => reject(new Error(`« ${ready} » attendu depuis 15 minutes :\n${output}`)),
      900_000,
    ).unref();
  });
  try {
    await done;
  } finally {
    if (shop.exitCode === null) {
      const exited = new Promise((resolve) => shop.once("exit", resolve));
      shop.kill("SIGTERM");
      await exited;
    }
  }
  return output;
}

/** A private folder beside `target`, renamed into place when complete. */
const partialOf = (target: string) =>
  `${target}.partial-${process.pid}-${crypto.randomBytes(3).toString("hex")}`;

/**
 * The snapshot is keyed by the sources of db/ but made by build/server.js: a build older than a new
 * migration would make a snapshot without it, under the new key, for every later run. Refused.
 */
function assertBuiltWithTheseMigrations(file: string) {
  const inSources = fs
    .readdirSync(path.join(root, "db/migrations"))
    .filter((name) => /^\d{4}-.+\.ts$/.test(name) && !name.endsWith(".test.ts"))
    .map((name) => name.replace(/\.ts$/, ""))
    .sort();
  const database = new Database(file, { readonly: true });
  try {
    const applied = database
      .prepare("select name from kysely_migration order by name")
      .all()
      .map((row) => (row as { name: string }).name);
    if (JSON.stringify(applied) !== JSON.stringify(inSources))
      throw new Error(
        "build/server.js ne correspond pas aux migrations de db/ : lancez `npm run build` avant les tests.",
      );
  } finally {
    database.close();
  }
}

/** The database stage: a first start on an empty DATA_DIR (migrations, settings, accounts, demo). */
async function buildDatabase(target: string): Promise<void> {
  const dataDir = partialOf(target);
  fs.mkdirSync(dataDir, { recursive: true });
  const started = Date.now();
  const output = await runShopUntil(dataDir, { IMAGE_SIZES_AT_START: "0" }, "Nacre est en ligne");
  if (!output.includes("contenu de démonstration créé"))
    throw new Error(`la boutique de démonstration n'a pas été créée :\n${output}`);
  try {
    assertBuiltWithTheseMigrations(path.join(dataDir, "nacre.sqlite"));
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // What a copy does not take: the instance's own secret, its pid file, mails, backups.
  for (const name of fs.readdirSync(dataDir))
    if (!["nacre.sqlite", "uploads"].includes(name))
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  fs.renameSync(dataDir, target);
  console.info(
    `Boutique de démonstration des tests créée en ${((Date.now() - started) / 1000).toFixed(0)} s : ${target}`,
  );
}

/** The snapshot's folder for the current content (database and originals), built first when missing. */
export async function ensureDemoSnapshot(): Promise<string> {
  const key = demoSnapshotKey();
  const target = path.join(SNAPSHOT_CACHE, `demo-${key}`);
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(SNAPSHOT_CACHE, { recursive: true });
  await underLock(`${target}.lock`, async () => {
    if (!fs.existsSync(target)) await buildDatabase(target);
  });
  pruneSnapshots(target);
  return target;
}

/** A size file of the cache: `<width or thumb>-<picture id>.<format>` (images.server.ts). */
const SIZE_FILE = /^(?:\d+|thumb)-([0-9a-z]+)\.(?:avif|webp|jpe?g|png)$/;

/**
 * After a browser run: the picture sizes its shop made on demand, of the snapshot's own pictures
 * (not those the specs uploaded), join the snapshot's cache/, so that the next run's shop starts
 * with every size the browser tests asked for. Each file is copied under a private name and
 * renamed: two runs ending together, or a run copying the cache meanwhile, never see half a file.
 */
export function keepMadeSizes(dataDir: string, snapshot: string): number {
  let kept = 0;
  const cache = path.join(dataDir, "cache");
  if (!fs.existsSync(cache)) return kept;
  for (const folder of fs.readdirSync(cache)) {
    const originals = path.join(snapshot, "uploads", folder);
    if (!fs.existsSync(originals)) continue;
    const pictures = new Set(fs.readdirSync(originals).map((name) => name.replace(/\.[^.]+$/, "")));
    const target = path.join(snapshot, "cache", folder);
    for (const name of fs.readdirSync(path.join(cache, folder))) {
      const picture = SIZE_FILE.exec(name)?.[1];
      if (!picture || !pictures.has(picture) || fs.existsSync(path.join(target, name))) continue;
      fs.mkdirSync(target, { recursive: true });
      const partial = path.join(target, `.${name}.${process.pid}`);
      fs.copyFileSync(path.join(cache, folder, name), partial);
      fs.renameSync(partial, path.join(target, name));
      kept++;
    }
  }
  return kept;
}

/** Keeps the newest few snapshots besides `current`. */
function pruneSnapshots(current: string) {
  const others = fs
    .readdirSync(SNAPSHOT_CACHE)
    .filter((name) => /^demo-[0-9a-f]{16}$/.test(name) && path.join(SNAPSHOT_CACHE, name) !== current)
    .map((name) => path.join(SNAPSHOT_CACHE, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  for (const old of others.slice(KEEP - 1)) fs.rmSync(old, { recursive: true, force: true });
}

/** Where the run's snapshot and PostgreSQL template are, for the test workers. */
export const SNAPSHOT_ENV = {
  sqlite: "NACRE_TEST_DEMO_SQLITE",
  postgres: "NACRE_TEST_DEMO_POSTGRES",
} as const;

/**
 * Copies the snapshot into an empty DATA_DIR: the SQLite file and the originals, and with
 * `sizes` the picture sizes earlier browser runs made (keepMadeSizes). False when there is none
 * to copy.
 */
export function copySqliteSnapshot(
  dataDir: string,
  options: { sizes?: boolean; from?: string } = {},
): boolean {
  const snapshot = options.from ?? process.env[SNAPSHOT_ENV.sqlite];
  if (!snapshot || fs.existsSync(path.join(dataDir, "nacre.sqlite"))) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(path.join(snapshot, "nacre.sqlite"), path.join(dataDir, "nacre.sqlite"));
  fs.cpSync(path.join(snapshot, "uploads"), path.join(dataDir, "uploads"), { recursive: true });
  if (options.sizes) copySizes(snapshot, dataDir);
  return true;
}

/** The snapshot's picture sizes into a shop's cache, but for files being added meanwhile. */
export function copySizes(snapshot: string, dataDir: string) {
  const sizes = path.join(snapshot, "cache");
  if (!fs.existsSync(sizes)) return;
  fs.cpSync(sizes, path.join(dataDir, "cache"), {
    recursive: true,
    filter: (source) => !path.basename(source).startsWith("."),
  });
}

/**
 * Replaces the empty database `url` names by a copy of the PostgreSQL template; false when there
 * is none. The database must be one the harness created and nothing has used yet.
 */
export function copyPostgresSnapshot(url: string): boolean {
  const template = process.env[SNAPSHOT_ENV.postgres];
  if (!template) return false;
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  // Two copies of one template at the same moment may be refused ("being accessed by other
  // users") while the other copy runs: try again shortly.
  const script = `
    const pg = require("pg");
    const [adminUrl, name, template] = process.argv.slice(1);
    const client = new pg.Client({ connectionString: adminUrl });
    const copy = async (attempt) => {
      try {
        await client.query('drop database if exists "' + name + '"');
        await client.query('create database "' + name + '" template "' + template + '"');
      } catch (error) {
        if (attempt >= 50 || error.code !== "55006") throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return copy(attempt + 1);
      }
    };
    client.connect()
      .then(() => copy(1))
      .then(() => client.end())
      .catch((error) => { console.error(error.message); process.exit(1); });`;
  const result = spawnSync(process.execPath, ["-e", script, admin.toString(), name, template], {
    cwd: root,
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(`copie de la boutique de démonstration impossible : ${result.stderr}`);
  return true;
}
