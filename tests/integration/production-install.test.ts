/**
 * A production install, as README "Mettre en ligne" describes it: the release's package.json,
 * package-lock.json, build/ and scripts/ copied to a fresh folder, `npm ci --omit=dev
 * --legacy-peer-deps`, `.env` beside them, `npm start`, `npm run backup`, `npm run restore`. No Vite,
 * TypeScript or tsx may be needed at run time (nor installed).
 *
 * better-sqlite3 normally compiles from source (~2.5 min of one core). The development install of
 * this checkout already compiled it with the same Node: its binary is handed to the package's own
 * install script as a local prebuild, so the install takes seconds and every other step is the real one.
 *
 * Then the same release moves to Node.js 24, the LTS the README recommends (Node 20 ended in April
 * 2026), as a server does when its Node is upgraded: `npm rebuild` under Node 24 (better-sqlite3's
 * binary is tied to Node's ABI; sharp's is not), `npm start`, and the shop serves the data the
 * Node 20 run left. Node 24 comes from the npm registry's `node@24` package, installed once into a
 * cache folder under the system's temporary directory and reused by later runs, with better-sqlite3's
 * binary for it, handed to the rebuild as a local prebuild. The first run makes that binary from the
 * development install's package folder: node-gyp configures it against Node 24's headers and only
 * the binding (better_sqlite3.cpp, ~5 s) is compiled; SQLite itself (the amalgamation, ~100 s of one
 * core at -O3) is the library the development install compiled, plain C that includes none of
 * Node's headers. Installing again on Node 24 would cost ~12 s a run and prove nothing the rebuild
 * does not: the dependencies are the same files; only the native one differs.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
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
/** Where the Node 20 run served the shop; the Node 24 run serves the same data there. */
let url = "";

/** The Node executables running `script` in process group `group` (Linux): not its shell wrapper. */
function runtimesOf(group: number, script: string): string[] {
  const found: string[] = [];
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const pgrp = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
      const [program, ...args] = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      if (pgrp === group && path.basename(program ?? "") === "node" && args.includes(script))
        found.push(fs.realpathSync(`/proc/${pid}/exe`));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Node's ABI version (NODE_MODULE_VERSION) of `binary`, as prebuilds are named. */
function nodeAbi(binary: string): string {
  return execFileSync(binary, ["-p", "process.versions.modules"], { encoding: "utf8" }).trim();
}

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

/** The name prebuild-install looks for in a local prebuilds folder, for Node's ABI `modules`. */
function prebuildName(modules: string): string {
  const pkg = JSON.parse(
    fs.readFileSync(path.join(root, "node_modules/better-sqlite3/package.json"), "utf8"),
  );
  return `better-sqlite3-v${pkg.version}-node-v${modules}-${process.platform}-${process.arch}.tar.gz`;
}

/** better-sqlite3's compiled binary in `packageDir`, packed as a local prebuild into `dir`. */
function packPrebuild(packageDir: string, dir: string, modules: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const partial = path.join(dir, `.${crypto.randomBytes(4).toString("hex")}.tar.gz`);
  execFileSync("tar", ["-czf", partial, "-C", packageDir, "build/Release/better_sqlite3.node"]);
  fs.renameSync(partial, path.join(dir, prebuildName(modules)));
  return dir;
}

function localPrebuild(dir: string): string {
  return packPrebuild(path.join(root, "node_modules/better-sqlite3"), dir, process.versions.modules);
}

/** Node.js 24 from the npm registry, and the folder of its headers (for node-gyp). */
interface Node24 {
  binary: string;
  nodedir: string;
  /** better-sqlite3 prebuilds for it, kept beside it across runs. */
  prebuilds: string;
}

/**
 * The npm registry's `node@24` package (its install script fetches the platform's build, the
 * official one, with bin/ and include/), installed once under the temporary directory: into a
 * private folder, then renamed, so two runs starting together never see half an install.
 */
function node24(env: NodeJS.ProcessEnv): Node24 {
  const cache = path.join(os.tmpdir(), "nacre-node-24");
  const nodedir = path.join(
    cache,
    "node_modules/node/node_modules",
    `node-${process.platform}-${process.arch}`,
  );
  if (!fs.existsSync(path.join(nodedir, "bin/node"))) {
    const partial = `${cache}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
    fs.mkdirSync(partial, { recursive: true });
    const install = spawnSync(
      "npm",
      [
        "install",
        "--prefix",
        partial,
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        "node@24",
      ],
      { env, encoding: "utf8", timeout: 300_000 },
    );
    if (install.status !== 0) throw new Error(`npm install node@24 :\n${install.stdout}\n${install.stderr}`);
    try {
      fs.renameSync(partial, cache);
    } catch {
      // Another run renamed its copy first: that one serves.
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  return { binary: path.join(nodedir, "bin/node"), nodedir, prebuilds: path.join(cache, "prebuilds") };
}

/**
 * better-sqlite3's binary for Node 24 `runtime`, packed into its prebuilds folder: the development
 * install's package folder, configured by npm's own node-gyp against Node 24's headers, and only
 * the binding compiled and linked (`make -o` keeps the compiled SQLite library as it is). False
 * when the development install has no compiled SQLite (its binary came prebuilt): `npm rebuild`
 * then compiles the whole package.
 */
function bindingForNode24(runtime: Node24, env: NodeJS.ProcessEnv): boolean {
  const installed = path.join(root, "node_modules/better-sqlite3");
  const sqlite = [
    "Release/obj.target/sqlite3/gen/sqlite3/sqlite3.o",
    "Release/obj.target/deps/sqlite3.a",
    "Release/sqlite3.a",
  ];
  if (!sqlite.every((file) => fs.existsSync(path.join(installed, "build", file)))) return false;
  const npmCli = fs.realpathSync(execFileSync("which", ["npm"], { encoding: "utf8" }).trim());
  const nodeGyp = path.join(path.dirname(npmCli), "../node_modules/node-gyp/bin/node-gyp.js");
  const packageDir = path.join(work, "better-sqlite3-node-24");
  fs.cpSync(installed, packageDir, { recursive: true });
  // Node 24's headers: npm's configuration (here `nodedir=/usr`, Node 20's) reaches node-gyp as
  // npm_config_nodedir, which wins over its command line.
  const configure = spawnSync(runtime.binary, [nodeGyp, "configure"], {
    cwd: packageDir,
    env: { ...env, npm_config_nodedir: runtime.nodedir },
    encoding: "utf8",
  });
  if (configure.status !== 0) throw new Error(`node-gyp configure :\n${configure.stderr}`);
  const make = spawnSync(
    "make",
    ["-C", "build", "BUILDTYPE=Release", ...sqlite.flatMap((file) => ["-o", file]), "better_sqlite3"],
    { cwd: packageDir, env, encoding: "utf8", timeout: 300_000 },
  );
  if (make.status !== 0) throw new Error(`make better_sqlite3 :\n${make.stdout}\n${make.stderr}`);
  // Node 24 loads it (a binary for another Node's ABI would be refused here, not by the rebuild).
  const binary = path.join(packageDir, "build/Release/better_sqlite3.node");
  execFileSync(runtime.binary, ["-e", `process.dlopen({ exports: {} }, ${JSON.stringify(binary)})`]);
  packPrebuild(packageDir, runtime.prebuilds, nodeAbi(runtime.binary));
  return true;
}

/** Starts `npm start` in the release with `env`; its output is collected in `output`. */
function npmStart(env: NodeJS.ProcessEnv) {
  shop = spawn("npm", ["start"], { cwd: release, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  shop.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  shop.stderr?.on("data", (chunk) => {
    output += chunk;
  });
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

function npm(args: string[], env: NodeJS.ProcessEnv, timeout = 300_000) {
  const result = spawnSync("npm", args, { cwd: release, env, encoding: "utf8", timeout });
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
    url = `http://127.0.0.1:${port}`;
    // No demo seed: it takes half a minute on a busy machine and other suites cover it.
    npmStart(cleanEnv({ PUBLIC_URL: url, HOST: "127.0.0.1", SEED_DEMO: "0" }));

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

  it("moves to Node.js 24: npm rebuild, npm start, and the shop serves the same data", {
    // A first run on a machine also installs node@24 and compiles better-sqlite3's binding for it once.
    timeout: 900_000,
  }, async () => {
    expect(url, "the Node 20 run comes first").not.toBe("");
    // The admin account the Node 20 start created, with the password it printed that once.
    const password = /Administratrice : admin@nacre\.test \/ mot de passe : (\S+)/.exec(output)?.[1];
    expect(password, output).toBeDefined();
    const runtime = node24(cleanEnv());
    const version = execFileSync(runtime.binary, ["--version"], { encoding: "utf8" }).trim();
    expect(version).toMatch(/^v24\./);
    const onNode24 = (extra: Record<string, string> = {}) => {
      const env = cleanEnv(extra);
      return { ...env, PATH: `${path.dirname(runtime.binary)}${path.delimiter}${env.PATH}` };
    };
    const cached =
      fs.existsSync(path.join(runtime.prebuilds, prebuildName(nodeAbi(runtime.binary)))) ||
      bindingForNode24(runtime, onNode24());
    const rebuild = npm(
      ["rebuild"],
      {
        ...onNode24(),
        npm_config_nodedir: runtime.nodedir,
        npm_config_better_sqlite3_local_prebuilds: runtime.prebuilds,
      },
      840_000,
    );
    expect(rebuild.status, rebuild.text).toBe(0);
    if (!cached)
      packPrebuild(
        path.join(release, "node_modules/better-sqlite3"),
        runtime.prebuilds,
        nodeAbi(runtime.binary),
      );

    output = "";
    npmStart(onNode24({ PUBLIC_URL: url, HOST: "127.0.0.1", SEED_DEMO: "0" }));
    const page = await waitForPage(`${url}/catalogue`, 90_000);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="fr"');
    // The same data: the account created under Node 20 signs in (Better Auth's hashing on Node 24).
    expect(output).not.toContain("mot de passe : ");
    const signedIn = await fetch(`${url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
      body: new URLSearchParams({ intent: "login", email: "admin@nacre.test", password: password as string }),
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/admin");
    // The process running start.mjs (and the server, which it imports) is Node 24's.
    expect(runtimesOf(shop?.pid as number, "scripts/start.mjs")).toEqual([fs.realpathSync(runtime.binary)]);
    await stopShop();
  });
});
