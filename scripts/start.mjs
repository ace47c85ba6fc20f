// `npm start`: builds only when there is no build yet (a fresh clone), then runs the server with
// NODE_ENV=production (React's production build). An existing build is never rebuilt: a
// production install (`npm ci --omit=dev`) has no Vite to build with, and a release runs the build
// it was shipped with. After changing the sources, run `npm run build`.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const built = ["build/server.js", "build/server/index.js"].every((file) =>
  fs.existsSync(path.join(root, file)),
);

if (!built) {
  console.info("Construction de l'application…");
  const result = spawnSync("npm", ["run", "build"], {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) {
    console.error(
      "La construction a échoué. Une installation de production (npm ci --omit=dev) ne peut pas construire :" +
        " lancez `npm ci && npm run build` d'abord, puis copiez le dossier build/.",
    );
    process.exit(result.status ?? 1);
  }
}

process.env.NODE_ENV = "production";
await import(new URL("../build/server.js", import.meta.url).href);
