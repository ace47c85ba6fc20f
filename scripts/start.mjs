// `npm start`: builds when the build is missing or older than the sources, then runs the server
// with NODE_ENV=production (React's production build).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const built = path.join(root, "build/server.js");

function newestMtime(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = [
  "app",
  "db",
  "public",
  "server.ts",
  "package.json",
  "vite.config.ts",
  "react-router.config.ts",
]
  .map((name) => path.join(root, name))
  .filter((p) => fs.existsSync(p));
const needsBuild =
  !fs.existsSync(built) ||
  !fs.existsSync(path.join(root, "build/server/index.js")) ||
  Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;

if (needsBuild) {
  console.info("Construction de l'application…");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV = "production";
await import(new URL("../build/server.js", import.meta.url).href);
