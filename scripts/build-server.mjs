// Transpiles server.ts (the Node entry) to build/server.js; everything it imports at run time is
// the Vite-built bundle in build/server/, so no bundling is needed here.
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
