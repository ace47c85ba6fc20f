// `npm run backup` / `npm run restore` / `npm run move-to-postgres`: a checkout with its dev dependencies (tsx) runs the
// TypeScript source, so an edit needs no rebuild; a production install (`npm ci --omit=dev`) runs
// the bundle that `npm run build` made in build/.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [name, ...args] = process.argv.slice(2);
const source = path.join(root, "scripts", `${name}.ts`);
const bundle = path.join(root, "build", `${name}.js`);
const tsx = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");

let command;
if (fs.existsSync(source) && fs.existsSync(tsx)) command = [tsx, source, ...args];
else if (fs.existsSync(bundle)) command = [bundle, ...args];
else {
  console.error(`${bundle} manque : lancez \`npm run build\` d'abord.`);
  process.exit(1);
}
const result = spawnSync(process.execPath, command, { stdio: "inherit" });
process.exit(result.status ?? 1);
