/**
 * A production install, as README "Mettre en ligne" describes it: the release's package.json,
 * package-lock.json, build/ and scripts/ copied to a fresh folder, `npm ci --omit=dev
 * --legacy-peer-deps`, `.env` beside them, `npm start`, `npm run backup`, `npm run restore`. No Vite,
 * TypeScript or tsx may be needed at run time (nor installed).
 *
 * better-sqlite3 normally compiles from source (~2.5 min of one core). The development install of
 * this checkout already compiled it with the same Node: its binary is handed to the package's own
 * install script as a local prebuild, so the install takes seconds and every other step is the real one.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, root } from "../support/shop-server";

/** What a server needs of a release: README "Mettre en ligne". */
const RELEASE_FILES = [
  "package.json",
  "package-lock.json",
  "build",
  "scripts/start.mjs",
  "scripts/run-script.mjs",
];
const DEV_ONLY = ["vite", "vitest", "typescript", "tsx", "esbuild", "@react-router/dev", "@biomejs/biome"];

let work: string;
let release: string;
let dataDir: string;
let shop: ChildProcess | undefined;
let output = "";

/** How this machine reaches the registry: kept, whatever else of `npm test`'s environment goes. */
const NPM_ACCESS =
  /^npm_config_(registry|cafile|ca|cache|userconfig|globalconfig|noproxy|proxy|https_proxy|strict_ssl|nodedir)$/i;

/**
 * The environment of a fresh shell on the server: nothing of this checkout's `npm test` leaks in
 * (its node_modules/.bin on PATH, npm's local prefix, NODE_ENV, NODE_OPTIONS, Vitest's variables).
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === "PATH" || /^(NODE_ENV|NODE_OPTIONS|NODE_PATH|VITEST.*|INIT_CWD)$/i.test(key)) continue;
    if (/^npm_/i.test(key) && !NPM_ACCESS.test(key)) continue;
    env[key] = value;
  }
  const paths = (process.env.PATH ?? "").split(path.delimiter).filter((p) => !p.includes("node_modules"));
  return { ...env, PATH: paths.join(path.delimiter), ...extra };
}

function localPrebuild(dir: string): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(root, "node_modules/better-sqlite3/package.json"), "utf8"),
  );
  const name = `better-sqlite3-v${pkg.version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("tar", [
    "-czf",
    path.join(dir, name),
    "-C",
    path.join(root, "node_modules/better-sqlite3"),
    "build/Release/better_sqlite3.node",
  ]);
  return dir;
}

async function waitForPage(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (shop?.exitCode !== null) throw new Error(`npm start s'est arrêté :\n${output}`);
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start ne répond pas sur ${url} :\n${output}`);
}

function npm(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync("npm", args, { cwd: release, env, encoding: "utf8", timeout: 300_000 });
  return { status: result.status, text: `${result.stdout}\n${result.stderr}` };
}

async function stopShop() {
  if (!shop || shop.exitCode !== null || shop.signalCode !== null) return;
  const exited = new Promise((resolve) => shop?.once("exit", resolve));
  // npm start runs the server in a child process: signal the whole group, as systemd does.
  process.kill(-(shop.pid as number), "SIGTERM");
  await exited;
}

beforeAll(() => {
  for (const file of ["build/server.js", "build/server/index.js", "build/backup.js", "build/restore.js"]) {
    if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} manque : lancez \`npm run build\`.`);
  }
  work = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-install-"));
  release = path.join(work, "nacre");
  dataDir = path.join(work, "donnees");
  for (const file of RELEASE_FILES) {
    fs.cpSync(path.join(root, file), path.join(release, file), { recursive: true });
  }
  // A clone or a copy leaves the files' dates in any order: package.json newer than the build must
  // not make `npm start` rebuild (it could not: no Vite in a production install).
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(path.join(release, "package.json"), later, later);
});

afterAll(async () => {
  await stopShop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("production install (npm ci --omit=dev)", () => {
  it("installs without dev dependencies, starts with npm start on .env settings, backs up and restores", {
    timeout: 360_000,
  }, async () => {
    const install = npm(["ci", "--omit=dev", "--legacy-peer-deps", "--no-audit", "--no-fund"], {
      ...cleanEnv(),
      npm_config_better_sqlite3_local_prebuilds: localPrebuild(path.join(work, "prebuilds")),
    });
    expect(install.status, install.text).toBe(0);

    const modules = path.join(release, "node_modules");
    expect(DEV_ONLY.filter((name) => fs.existsSync(path.join(modules, name)))).toEqual([]);
    // --legacy-peer-deps (which keeps out the dev tools that production packages list as optional
    // peers) must not drop anything production needs: every required package of the lockfile is here.
    const lock = JSON.parse(fs.readFileSync(path.join(release, "package-lock.json"), "utf8"));
    const required = Object.entries(lock.packages as Record<string, Record<string, unknown>>)
      .filter(([key, meta]) => key && !meta.dev && !meta.devOptional && !meta.optional)
      .map(([key]) => key);
    expect(required.filter((key) => !fs.existsSync(path.join(release, key)))).toEqual([]);
    // The image pipeline's native parts load from this install (the empty shop below has no image).
    const sharp = spawnSync(process.execPath, ["-e", "require('sharp')().metadata().catch(() => {})"], {
      cwd: release,
      env: cleanEnv(),
      encoding: "utf8",
    });
    expect(sharp.status, sharp.stderr).toBe(0);

    // .env gives the settings; what the environment already sets wins (here PUBLIC_URL and HOST).
    const port = await freePort();
    fs.writeFileSync(
      path.join(release, ".env"),
      [
        "# Réglages de test",
        `PORT=${port}`,
        `DATA_DIR=${dataDir}`,
        "HOST=0.0.0.0",
        "PUBLIC_URL=https://boutique.invalid",
        "BACKUP_INTERVAL_HOURS=0",
        "",
      ].join("\n"),
    );
    const url = `http://127.0.0.1:${port}`;
    shop = spawn("npm", ["start"], {
      cwd: release,
      // No demo seed: it takes half a minute on a busy machine and other suites cover it.
      env: cleanEnv({ PUBLIC_URL: url, HOST: "127.0.0.1", SEED_DEMO: "0" }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    shop.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    shop.stderr?.on("data", (chunk) => {
      output += chunk;
    });

    const page = await waitForPage(`${url}/catalogue`, 90_000);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain(`<link rel="canonical" href="${url}/catalogue"`);
    expect(output).not.toContain("Construction de l'application");
    expect(fs.existsSync(path.join(dataDir, "nacre.sqlite"))).toBe(true);

    const backup = npm(["run", "backup"], cleanEnv());
    expect(backup.status, backup.text).toBe(0);
    const backups = fs.readdirSync(path.join(dataDir, "backups")).filter((name) => name.endsWith(".sqlite"));
    expect(backups).toHaveLength(1);

    await stopShop();
    const restore = npm(
      ["run", "restore", "--", path.join(dataDir, "backups", backups[0] as string)],
      cleanEnv(),
    );
    expect(restore.status, restore.text).toBe(0);
    expect(restore.text).toContain("Base restaurée");
  });
});
