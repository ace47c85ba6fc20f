// Builds the Node side that Vite does not: server.ts → build/server.js (transpiled only: everything
// it imports at run time is the Vite-built bundle in build/server/), and the maintenance scripts
// (`npm run backup`, `npm run restore`, `npm run move-to-postgres`) → build/backup.js,
// build/restore.js, build/move-to-postgres.js. Those are bundled with
// the app modules they use, so a production install (`npm ci --omit=dev`: no tsx, no TypeScript)
// runs them; packages stay external and come from node_modules.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  outfile: "build/server.js",
  platform: "node",
  format: "esm",
  target: "node20",
  bundle: false,
  logLevel: "warning",
});

await build({
  entryPoints: {
    backup: "scripts/backup.ts",
    restore: "scripts/restore.ts",
    "move-to-postgres": "scripts/move-to-postgres.ts",
  },
  outdir: "build",
  platform: "node",
  format: "esm",
  target: "node20",
  bundle: true,
  packages: "external",
  logLevel: "warning",
});
