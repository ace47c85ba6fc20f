// `npm run bench` (Lighthouse part): Lighthouse 12 (Node API, its default mobile preset:
// simulated slow 4G and a 4× slower CPU) in Debian's Chromium on the eight public pages of
// bench/pages.mjs, in two phases, each page measured LH_RUNS times (default 3) and the run with the
// median performance score kept. Budgets (docs/product.md §10.17): performance >= 98 and
// LCP <= 2,000 ms, accessibility, best practices and SEO 100, on every page in both phases.
//
// COLD — the first visitor of a new shop. Every cold run of every page gets a shop of its own: the
// built server started on a fresh DATA_DIR (seeded as in production), measured as soon as /healthz
// answers (a real first visitor does not wait for background work, e.g. image sizes still being
// made), then stopped. So each cold sample is a server nobody has visited, whose page cache, image
// folder and JIT are empty, and the median of three is three different shops, not one shop warming
// up. Lighthouse itself empties the browser's cache and storage before each navigation, and one
// throw-away run on a blank page first keeps Chromium's own start out of the first sample. The
// product and sold-piece paths are read once from a shop started only for that (the seed gives
// every fresh shop the same slugs), so a cold shop's first request is Lighthouse's.
// WARM — one fresh shop, left to finish its start-up work (the image sizes of every picture, made in
// the background: ADR 010), every page visited once by an unmeasured Lighthouse run (its code paths
// compiled), then measured: the experience of every later visitor.
//
// Filters: LH_PAGES=produit,/agenda (names or paths of bench/pages.mjs), LH_PHASES=cold|warm|cold,warm,
// LH_RUNS=1. BENCH_URL measures an existing shop (warm phase only). BENCH_PORT (default 3410).
// Prints a table with PASS/FAIL per page and phase and one summary line, writes
// bench/results/lighthouse.json. Always exits 0: a benchmark reports, it does not gate.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { resolvePaths, selectPages } from "./pages.mjs";
import { root, spawnShop, stopAndClean } from "./shop.mjs";

const RUNS = Number(process.env.LH_RUNS ?? 3);
const PHASES = (process.env.LH_PHASES ?? "cold,warm").split(",").map((phase) => phase.trim());
const PORT = Number(process.env.BENCH_PORT ?? 3410);
const EXISTING = process.env.BENCH_URL;
const BUDGET = { performance: 98, lcpMs: 2000, others: 100 };

const began = Date.now();
/** Progress on stderr with the time since the start, so a long run shows where it is. */
const progress = (text) => console.error(`[${Math.round((Date.now() - began) / 1000)} s] ${text}`);

const score = (category) => Math.round((category?.score ?? 0) * 100);
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Audits with weight that did not pass in accessibility, best practices and SEO. */
function failingAudits(lhr) {
  return Object.values(lhr.categories)
    .filter((category) => category.id !== "performance")
    .flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category.id}: ${ref.id}`),
    );
}

/** One Lighthouse report reduced to the figures the table shows. */
function summarise(lhr) {
  return {
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    bestPractices: score(lhr.categories["best-practices"]),
    seo: score(lhr.categories.seo),
    fcpMs: Math.round(metric(lhr, "first-contentful-paint")),
    lcpMs: Math.round(metric(lhr, "largest-contentful-paint")),
    siMs: Math.round(metric(lhr, "speed-index")),
    tbtMs: Math.round(metric(lhr, "total-blocking-time")),
    cls: +metric(lhr, "cumulative-layout-shift").toFixed(3),
    failing: failingAudits(lhr),
    error: lhr.runtimeError?.code,
  };
}

/** Why a measure misses the budgets (empty when it passes). */
function misses(run) {
  const why = [];
  if (run.error) why.push(run.error);
  if (!(run.performance >= BUDGET.performance)) why.push(`perf ${run.performance}`);
  if (!(run.lcpMs <= BUDGET.lcpMs)) why.push(`LCP ${run.lcpMs} ms`);
  for (const key of ["accessibility", "bestPractices", "seo"]) {
    if (run[key] !== BUDGET.others) why.push(`${key} ${run[key]}`);
  }
  return why;
}

/** The run with the median performance score (ties: the slower LCP), with every run's spread. */
function median(runs) {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  const kept = sorted[Math.floor((sorted.length - 1) / 2)];
  const spread = runs.map((run) => ({ performance: run.performance, lcpMs: run.lcpMs, ...run.shop }));
  return { ...kept, runs: spread };
}

async function run(chrome, url, categories) {
  const { lhr } = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    ...(categories ? { onlyCategories: categories } : {}),
  });
  return lhr;
}

/** One unmeasured run on a blank local page, so Chromium's own first start is not in a sample. */
async function warmUpChrome(chrome) {
  const blank = http.createServer((_, response) => {
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end('<!doctype html><html lang="fr"><title>échauffement</title><p>…</p></html>');
  });
  await new Promise((resolve) => blank.listen(PORT, "127.0.0.1", resolve));
  try {
    await run(chrome, `http://127.0.0.1:${PORT}/`, ["performance"]);
  } finally {
    // Chromium keeps its connection open: close it too, or close() waits for its idle timeout.
    blank.closeAllConnections();
    await new Promise((resolve) => blank.close(resolve));
  }
}

/**
 * A fresh shop for one measure; `startMs` is how long it took to answer /healthz, and
 * `imageSizesMade` resolves once its start-up pass has made every image size (ADR 010: the shop
 * prints "Tailles d'images préparées" then), or after 10 minutes.
 */
async function freshShop(label) {
  const started = Date.now();
  let sizesMade = () => {};
  const imageSizesMade = new Promise((resolve) => {
    sizesMade = resolve;
    setTimeout(resolve, 600_000).unref();
  });
  const shop = await spawnShop({
    port: PORT,
    label,
    onLine: (line) => {
      if (line.startsWith("Tailles d'images préparées")) sizesMade();
    },
  });
  return { ...shop, startMs: Date.now() - started, imageSizesMade };
}

/** The chosen pages with their paths, read on a shop started for that and stopped (when some are needed). */
async function discoverPages() {
  const pages = selectPages(process.env.LH_PAGES);
  if (pages.every((page) => page.path)) return pages;
  if (EXISTING) return resolvePaths(EXISTING, pages);
  const shop = await freshShop("lighthouse-paths");
  try {
    return await resolvePaths(shop.base, pages);
  } finally {
    await stopAndClean(shop);
  }
}

async function coldPhase(chrome, pages) {
  const samples = new Map(pages.map((page) => [page.name, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const page of pages) {
      const shop = await freshShop(`lighthouse-cold-${page.name}`);
      try {
        const sample = summarise(await run(chrome, shop.base + page.path));
        samples.get(page.name).push({ ...sample, shop: { startMs: shop.startMs } });
      } finally {
        await stopAndClean(shop);
      }
      progress(`cold ${page.name} run ${i + 1}/${RUNS} (shop started in ${shop.startMs} ms)`);
    }
  }
  return pages.map((page) => ({
    page: page.name,
    path: page.path,
    phase: "cold",
    ...median(samples.get(page.name)),
  }));
}

async function warmPhase(chrome, pages) {
  const shop = EXISTING ? { base: EXISTING, stop: async () => {} } : await freshShop("lighthouse-warm");
  try {
    // A later visitor finds the start-up work done: the image sizes of every picture made.
    const waitStarted = Date.now();
    await shop.imageSizesMade;
    progress(
      `warm shop: image sizes made ${Math.round((Date.now() - waitStarted) / 1000)} s after its start`,
    );
    for (const page of pages) await run(chrome, shop.base + page.path, ["performance"]); // the visit that warms it
    progress(`warm shop started in ${shop.startMs ?? 0} ms, every page visited once`);
    const results = [];
    for (const page of pages) {
      const samples = [];
      for (let i = 0; i < RUNS; i++) samples.push(summarise(await run(chrome, shop.base + page.path)));
      results.push({ page: page.name, path: page.path, phase: "warm", ...median(samples) });
      progress(`warm ${page.name} (${RUNS} runs)`);
    }
    return results;
  } finally {
    await stopAndClean(shop);
  }
}

function report(results) {
  const rows = results.map((row) => ({
    page: row.page,
    phase: row.phase,
    perf: row.performance,
    a11y: row.accessibility,
    bp: row.bestPractices,
    seo: row.seo,
    FCP: row.fcpMs,
    LCP: row.lcpMs,
    SI: row.siMs,
    TBT: row.tbtMs,
    CLS: row.cls,
    result: row.misses.length ? `FAIL (${row.misses.join(", ")})` : "PASS",
  }));
  console.log(`\nLighthouse 12, mobile preset, median of ${RUNS} by performance (times in ms)`);
  console.log(`Budget: performance >= ${BUDGET.performance}, LCP <= ${BUDGET.lcpMs} ms, a11y / BP / SEO 100`);
  console.table(rows);
  for (const row of results) {
    if (row.failing.length)
      console.log(`${row.page} (${row.phase}) — audits not passed: ${row.failing.join(", ")}`);
  }
  const failed = results.filter((row) => row.misses.length);
  const list = failed.map((row) => `${row.page} ${row.phase} (${row.misses.join(", ")})`).join("; ");
  console.log(
    `\nLighthouse summary: ${results.length - failed.length}/${results.length} page×phase PASS` +
      (failed.length ? ` — FAIL: ${list}` : ""),
  );
}

async function main() {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      ...(process.env.LH_CHROME_FLAGS ? process.env.LH_CHROME_FLAGS.split(" ") : []),
    ],
  });
  try {
    const pages = await discoverPages();
    await warmUpChrome(chrome);
    progress("Chromium warmed up");
    const results = [];
    if (PHASES.includes("cold") && EXISTING)
      console.log("BENCH_URL: an existing shop cannot be cold, cold phase skipped");
    else if (PHASES.includes("cold")) results.push(...(await coldPhase(chrome, pages)));
    if (PHASES.includes("warm")) results.push(...(await warmPhase(chrome, pages)));
    for (const row of results) row.misses = misses(row);
    report(results);
    fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
    fs.writeFileSync(
      path.join(root, "bench/results/lighthouse.json"),
      `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, budget: BUDGET, results }, null, 2)}\n`,
    );
  } catch (error) {
    console.error(`Lighthouse bench did not finish: ${error instanceof Error ? error.stack : error}`);
    console.log("\nLighthouse summary: not measured (error above)");
  } finally {
    chrome.kill();
  }
}

await main();
