// `npm run bench` (Lighthouse part): the built server on a fresh seeded DATA_DIR (or BENCH_URL),
// Lighthouse 12's default mobile preset in Debian's Chromium on the public pages, each run
// LH_RUNS times (median by performance score). Prints the four category scores with LCP, CLS and
// TBT, writes bench/results/lighthouse.json. Budgets (docs/product.md §10.17): performance >= 98, the rest 100.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { root, startShop } from "./shop.mjs";

const RUNS = Number(process.env.LH_RUNS ?? 1);
const shop = await startShop({ port: Number(process.env.BENCH_PORT ?? 3410), label: "lighthouse" });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});

const score = (category) => Math.round((category?.score ?? 0) * 100);
const failing = (lhr) =>
  Object.values(lhr.categories)
    .filter((category) => category.id !== "performance")
    .flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category.id}: ${ref.id}`),
    );

async function audit(pathname) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const { lhr } = await lighthouse(shop.base + pathname, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
    });
    runs.push(lhr);
  }
  runs.sort((a, b) => score(a.categories.performance) - score(b.categories.performance));
  const lhr = runs[Math.floor(runs.length / 2)];
  return {
    page: pathname,
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    bestPractices: score(lhr.categories["best-practices"]),
    seo: score(lhr.categories.seo),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
    cls: +lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3),
    tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
    failing: failing(lhr),
  };
}

try {
  const catalogue = await (await fetch(`${shop.base}/catalogue`)).text();
  const product = catalogue.match(/href="(\/catalogue\/produit\/[\w-]+)"/)?.[1];
  if (!product) throw new Error("no product link on /catalogue");
  const results = [];
  for (const page of ["/", "/catalogue", "/galerie", product, "/agenda"]) results.push(await audit(page));
  console.log(`\nLighthouse (mobile, median of ${RUNS}; budget: performance >= 95, others 100)`);
  console.table(results.map(({ failing: _, ...row }) => row));
  for (const { page, failing: audits } of results) {
    if (audits.length) console.log(`${page} — audits not passed: ${audits.join(", ")}`);
  }
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "bench/results/lighthouse.json"),
    `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, results }, null, 2)}\n`,
  );
} finally {
  chrome.kill();
  shop.stop();
}
