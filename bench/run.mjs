// `npm run bench`: starts the built server on a fresh seeded DATA_DIR (or uses BENCH_URL), then
// measures the first-load JavaScript of public pages (gzipped) and server-rendering throughput.
// Figures print as a table and go to bench/results/latest.json. Budgets: ../shared/design.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { root, startShop } from "./shop.mjs";

const shop = await startShop({ port: Number(process.env.BENCH_PORT ?? 3400) });
const base = shop.base;

/** Every /assets/*.js a page loads before it is interactive: module scripts, preloads, imports. */
async function firstLoadJs(pathname) {
  const html = await (await fetch(base + pathname)).text();
  const assets = new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? []);
  let gzipped = 0;
  let raw = 0;
  for (const asset of assets) {
    const body = Buffer.from(await (await fetch(base + asset)).arrayBuffer());
    raw += body.length;
    gzipped += zlib.gzipSync(body, { level: 9 }).length;
  }
  return {
    page: pathname,
    files: assets.size,
    rawKB: +(raw / 1024).toFixed(1),
    gzipKB: +(gzipped / 1024).toFixed(1),
  };
}

/** Closed-loop load: `connections` clients request `pathname` back to back for `seconds`. */
async function throughput(pathname, { connections = 16, seconds = 5, headers = {} } = {}) {
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const started = performance.now();
        try {
          const response = await fetch(base + pathname, { headers });
          await response.arrayBuffer();
          if (!response.ok) errors++;
        } catch {
          errors++;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const p = (q) => +latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  return {
    page: pathname,
    visitor: headers.cookie ? "with a cookie (rendered)" : "anonymous",
    requests: latencies.length,
    perSecond: Math.round(latencies.length / seconds),
    p50ms: p(0.5),
    p95ms: p(0.95),
    errors,
  };
}

try {
  // A product page of the seed (the first card of the catalogue).
  const catalogue = await (await fetch(`${base}/catalogue`)).text();
  const product = catalogue.match(/href="(\/catalogue\/produit\/[\w-]+)"/)?.[1];
  if (!product) throw new Error("no product link on /catalogue");
  const pages = ["/", "/catalogue", "/galerie", product, "/agenda", "/contact"];
  const js = [];
  for (const page of pages) js.push(await firstLoadJs(page));
  console.log("\nFirst-load JavaScript (budget: 110 KB gzipped)");
  console.table(js);

  // Anonymous visitors may be served from the one-second page cache (ADR 008); a request with a
  // cookie is always rendered, which is the cost a signed-in customer sees.
  const rendered = { cookie: "bench=1" };
  const load = [];
  for (const [page, headers] of [
    [product, {}],
    [product, rendered],
    ["/catalogue", {}],
    ["/catalogue", rendered],
    ["/", {}],
    ["/", rendered],
  ]) {
    await throughput(page, { connections: 4, seconds: 1, headers }); // warm-up
    load.push(await throughput(page, { headers }));
  }
  console.log("\nServer rendering, 16 connections for 5 s (budget: product page >= 500 req/s, p95 < 50 ms)");
  console.table(load);

  const results = { date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, js, load };
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench/results/latest.json"), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  shop.stop();
}
