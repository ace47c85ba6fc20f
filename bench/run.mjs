// `npm run bench`: starts the built server on a fresh seeded DATA_DIR (or uses BENCH_URL), then
// measures the first-load JavaScript of public pages (gzipped) and server-rendering throughput.
// Figures print as a table and go to bench/results/latest.json. Budgets: docs/product.md §10.17.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import SQLite from "better-sqlite3";
import { root, signInDemoCustomer, startShop } from "./shop.mjs";
import { closedLoop } from "./throughput.mjs";

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

/** Ids of pieces for sale, read from the bench shop's own database file. */
function productsForSale(dataDir, limit) {
  const db = new SQLite(path.join(dataDir, "nacre.sqlite"), { readonly: true });
  try {
    return db
      .prepare("select id from products where is_sold = 0 limit ?")
      .all(limit)
      .map((row) => row.id);
  } finally {
    db.close();
  }
}

/** Closed-loop load on this shop (bench/throughput.mjs), labelled as the tables show it. */
async function throughput(pathname, { connections = 16, seconds = 5, headers = {} } = {}) {
  const measure = await closedLoop({ bases: [base], pathname, connections, seconds, headers });
  const visitor = headers.cookie ? "with a cookie (rendered)" : "anonymous";
  return { page: pathname, visitor, ...measure };
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

  // The JSON list: a signed-in customer's favourites (GET /api/favoris), twelve pieces long.
  const customer = await signInDemoCustomer(base);
  const productIds = shop.dataDir ? productsForSale(shop.dataDir, 12) : [];
  for (const productId of productIds) {
    await fetch(`${base}/api/favoris`, {
      method: "POST",
      headers: { cookie: customer, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ intent: "toggle", productId }),
    });
  }
  const favourites = await (await fetch(`${base}/api/favoris`, { headers: { cookie: customer } })).json();
  await throughput("/api/favoris", { connections: 4, seconds: 1, headers: { cookie: customer } });
  const json = {
    ...(await throughput("/api/favoris", { headers: { cookie: customer } })),
    items: favourites.favorites?.length,
  };
  console.log("\nJSON list, 16 connections for 5 s (budget: >= 1,500 req/s)");
  console.table([json]);

  const results = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    js,
    load,
    json,
  };
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench/results/latest.json"), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  shop.stop();
}
