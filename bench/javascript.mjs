// `npm run bench` (first-load JavaScript): for each of the eight public pages
// (bench/pages.mjs), every /assets/*.js the page loads before it is interactive (its modulepreload
// links and what its inline module script imports; React Router's inline manifest also names the
// modules of routes not on this page, which the browser never fetches for it, checked by logging
// Chromium's requests), fetched from the built server and gzipped at level 9, plus the page's
// inline scripts (gzipped together, counted with the framework),
// split into the framework and the shop's own code. Budget (docs/product.md §10.17, ADR 009):
// <= 135 KB gzipped per page, of which the shop's own code <= 25 KB.
//
// The split: chunks mix both (vite.config.ts groups modules into "shell", "cards"… chunks, and
// Rolldown puts React and React Router in whichever chunk imports them first), so chunk names say
// nothing. This script builds the client once more in memory (Vite's API, the project's own
// vite.config.ts, `write: false`: nothing on disk changes) with source maps, then counts every
// minified character of every chunk by the source it maps to. Framework = React, React DOM,
// React Router (with its cookie helpers), scheduler, plus React Router's route manifest file
// (/assets/manifest-*.js, written by the plugin, not a chunk); everything else is the shop's
// (its app/ code, the packages it chose, the bundler's few glue characters). A file's gzipped
// size is split in the proportion of its minified characters. The in-memory build must give the
// served file names: a file it does not know is counted as the shop's and flagged (rebuild).
// BENCH_PAGES filters the pages; BENCH_URL measures an existing shop of the same build; BENCH_PORT
// (default 3400). Writes bench/results/javascript.json; always exits 0 (it reports, it does not gate).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { build } from "vite";
import { resolvePaths, selectPages } from "./pages.mjs";
import { root, startShop, stopAndClean } from "./shop.mjs";

const BUDGET = { totalKB: 135, ownKB: 25 };
const FRAMEWORK =
  /node_modules\/(react|react-dom|react-router|@react-router\/[^/]+|scheduler|cookie|set-cookie-parser)\//;
const ROUTE_MANIFEST = /^manifest-[\w-]+\.js$/;
const BASE64 = Object.fromEntries(
  [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]),
);

/** The numbers of one source-map segment (base64 VLQ). */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64[char];
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Minified characters of `code` per category, by the source each span maps to. */
function attribute(code, map) {
  const isFramework = map.sources.map((source) => FRAMEWORK.test(source ?? ""));
  const chars = { framework: 0, own: 0 };
  const lines = code.split("\n");
  let source = 0; // source indexes are relative across the whole mappings string
  map.mappings.split(";").forEach((line, index) => {
    const length = (lines[index] ?? "").length + 1;
    const spans = [];
    let column = 0;
    for (const text of line ? line.split(",") : []) {
      const [dColumn, dSource] = decodeSegment(text);
      column += dColumn;
      if (dSource !== undefined) source += dSource;
      spans.push({ column, framework: dSource !== undefined && isFramework[source] });
    }
    chars.own += spans.length ? spans[0].column : length; // before the first mapping: glue
    spans.forEach((span, i) => {
      const end = i + 1 < spans.length ? spans[i + 1].column : length;
      chars[span.framework ? "framework" : "own"] += end - span.column;
    });
  });
  return chars;
}

/** File name → framework share of its characters, from an in-memory client build with source maps. */
async function frameworkShares() {
  const output = await build({
    root,
    configFile: path.join(root, "vite.config.ts"),
    logLevel: "error",
    build: { write: false, sourcemap: "hidden" },
  });
  const shares = new Map();
  for (const chunk of (Array.isArray(output) ? output[0] : output).output) {
    if (chunk.type !== "chunk") continue;
    // A chunk without a map is the bundler's own runtime: glue, not framework.
    const { framework, own } = chunk.map ? attribute(chunk.code, chunk.map) : { framework: 0, own: 1 };
    shares.set(path.basename(chunk.fileName), framework / (framework + own || 1));
  }
  return shares;
}

/** A page's first-load scripts, gzipped, split by `shares`. */
async function firstLoadJs(base, page, shares) {
  const html = await (await fetch(base + page.path)).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="(\/assets\/[\w.-]+\.js)"/g)].map(
    (match) => match[1],
  );
  const imported = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap(
    ([, module]) =>
      [...module.matchAll(/\bimport\b[^;"']*["'](\/assets\/[\w.-]+\.js)["']/g)].map((match) => match[1]),
  );
  const files = [...new Set([...preloaded, ...imported])];
  const row = {
    page: page.name,
    path: page.path,
    files: files.length,
    rawKB: 0,
    inlineKB: 0,
    totalKB: 0,
    frameworkKB: 0,
    ownKB: 0,
    unknown: [],
    detail: [],
  };
  for (const file of files) {
    const body = Buffer.from(await (await fetch(base + file)).arrayBuffer());
    const gzipKB = zlib.gzipSync(body, { level: 9 }).length / 1024;
    const name = path.basename(file);
    let share = shares.get(name);
    if (ROUTE_MANIFEST.test(name)) share = 1;
    if (share === undefined) row.unknown.push(name);
    row.detail.push({ file: name, gzipKB: +gzipKB.toFixed(2), frameworkShare: +(share ?? 0).toFixed(3) });
    row.rawKB += body.length / 1024;
    row.totalKB += gzipKB;
    row.frameworkKB += gzipKB * (share ?? 0);
  }
  // The inline scripts React Router writes (its context, the route manifest of this page, the
  // loader data) are JavaScript too: counted with the framework. JSON-LD blocks are data.
  const inline = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map(([, text]) => text)
    .join("\n");
  row.inlineKB = zlib.gzipSync(Buffer.from(inline), { level: 9 }).length / 1024;
  row.rawKB += Buffer.byteLength(inline) / 1024;
  row.totalKB += row.inlineKB;
  row.frameworkKB += row.inlineKB;
  row.ownKB = row.totalKB - row.frameworkKB;
  for (const key of ["rawKB", "inlineKB", "totalKB", "frameworkKB", "ownKB"]) row[key] = +row[key].toFixed(1);
  const why = [];
  if (row.totalKB > BUDGET.totalKB) why.push(`total > ${BUDGET.totalKB} KB`);
  if (row.ownKB > BUDGET.ownKB) why.push(`own > ${BUDGET.ownKB} KB`);
  row.result = why.length ? `FAIL (${why.join(", ")})` : "PASS";
  return row;
}

function report(rows) {
  console.log(
    `\nFirst-load JavaScript, gzip -9 (budget: <= ${BUDGET.totalKB} KB per page, own code <= ${BUDGET.ownKB} KB)`,
  );
  console.table(rows.map(({ path: _, unknown: __, detail: ___, ...row }) => row));
  const unknown = [...new Set(rows.flatMap((row) => row.unknown))];
  if (unknown.length)
    console.log(`Not in the in-memory build (counted as own; rebuild?): ${unknown.join(", ")}`);
  const failed = rows.filter((row) => row.result !== "PASS");
  console.log(
    `\nFirst-load JS summary: ${rows.length - failed.length}/${rows.length} pages PASS` +
      (failed.length ? ` — ${failed.map((row) => `${row.page}: ${row.result}`).join("; ")}` : ""),
  );
}

async function main() {
  const shares = await frameworkShares();
  const shop = await startShop({ port: Number(process.env.BENCH_PORT ?? 3400), label: "javascript" });
  try {
    const pages = await resolvePaths(shop.base, selectPages(process.env.BENCH_PAGES));
    const rows = [];
    for (const page of pages) rows.push(await firstLoadJs(shop.base, page, shares));
    report(rows);
    fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
    const results = { date: new Date().toISOString(), budget: BUDGET, rows };
    fs.writeFileSync(
      path.join(root, "bench/results/javascript.json"),
      `${JSON.stringify(results, null, 2)}\n`,
    );
  } finally {
    await stopAndClean(shop);
  }
}

// A benchmark reports, it does not gate: a failure is printed and the next bench still runs.
await main().catch((error) => {
  console.error(`First-load JS bench did not finish: ${error instanceof Error ? error.stack : error}`);
  console.log("\nFirst-load JS summary: not measured (error above)");
});
