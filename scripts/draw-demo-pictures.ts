/**
 * `npm run build`'s last step: the demo's pictures drawn into build/demo-pictures/, so that a first
 * start seeds in seconds (db/seed/demo-pictures.ts, ADR 030). React Router's build empties build/:
 * the drawings are kept between builds in node_modules/.cache/ (as Vite keeps its own), where a build
 * of the same artwork finds them; those no drawing names any more are removed.
 */
import fs from "node:fs";
import path from "node:path";
import { demoDrawings, demoPictureFolder, drawingFileName, inPool } from "../db/seed/demo-pictures";

const root = path.resolve(import.meta.dirname, "..");
const kept = path.join(root, "node_modules/.cache/nacre-demo-pictures");
const target = path.join(root, "build/demo-pictures");
const started = Date.now();
const drawings = demoDrawings();
const pictures = demoPictureFolder(kept);
// Two at a time, one libvips thread each: both cores of the build machine.
await inPool(drawings, 2, (svg) => pictures.picture(svg));
const wanted = new Set(drawings.map(drawingFileName));
for (const name of fs.readdirSync(kept))
  if (!wanted.has(name)) fs.rmSync(path.join(kept, name), { force: true });
fs.rmSync(target, { recursive: true, force: true });
fs.cpSync(kept, target, { recursive: true });
console.info(
  `Images de démonstration : ${wanted.size}, dont ${pictures.drawn} dessinées en ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
