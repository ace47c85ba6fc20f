// `npm run bench` (pictures and pages, ADR 021): do visitors' missing picture sizes starve the pages?
// The built server on a fresh demo DATA_DIR (seeded once, each run on a copy) without its start-up
// image pass (IMAGE_SIZES_AT_START=0: no size is cached, and no background work runs beside the
// measure), then, on the same shop:
// 1. "idle": four pages requested at a steady rate, each on its own schedule (open loop: a request
//    leaves at its time whether or not the previous one has answered, so a slow server shows as
//    latency, not as fewer requests) — the product page and /catalogue, anonymous (the page cache,
//    ADR 008/018) and signed in as the demo customer (rendered for each request);
// 2. "loaded": the same, while BENCH_IMAGE_CLIENTS (20) clients ask for picture sizes nobody asked
//    for before (each a distinct picture and width, AVIF as browsers ask), one after another; a client
//    answered within the second waits for the second to end (a visitor's page asks for its pictures
//    once: an answer at once is not a cue to ask again).
// Reports for each page p50/p90/p99/max in both phases and the ratio loaded/idle (target: loaded p99
// within 2x idle), the picture answers (sizes made, originals sent instead: ADR 021), and the
// server's CPU in each phase (cores busy in all, and in libvips' threads). BENCH_RUNS (3) fresh shops,
// medians printed; each run's figures in bench/results/image-starvation.json. BENCH_SECONDS (20) per
// phase, BENCH_RATE (10) requests a second per page, BENCH_PORT. Always exits 0.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import SQLite from "better-sqlite3";
import { firstLink } from "./pages.mjs";
import { freePort, root, signInDemoCustomer, spawnShop, stopAndClean } from "./shop.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 10);
const IMAGE_CLIENTS = Number(process.env.BENCH_IMAGE_CLIENTS ?? 20);
/** Seconds of picture load before the pages are measured: the encoding queue fills first. */
const RAMP = 2;
const BROWSER_PAGE = { accept: "text/html", "accept-encoding": "br, gzip" };
const BROWSER_IMAGE = { accept: "image/avif,image/webp,image/apng,*/*;q=0.8", "accept-encoding": "br, gzip" };

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** One GET, body read to the end: status, headers, the body's bytes when asked, milliseconds. */
function get(url, headers, { keep = false } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(url, { headers, agent }, (response) => {
      const parts = [];
      response.on("data", (part) => parts.push(part));
      response.on("end", () =>
        resolve({
          status: response.statusCode,
          headers: response.headers,
          raw: keep ? Buffer.concat(parts) : undefined,
          bytes: parts.reduce((sum, part) => sum + part.length, 0),
          ms: performance.now() - started,
        }),
      );
      response.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    });
    request.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted, q) {
  if (sorted.length === 0) return null;
  return +sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)].toFixed(1);
}

function summary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? +sorted.at(-1).toFixed(1) : null,
  };
}

const median = (values) => {
  const sorted = values.filter((value) => value !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : +((sorted[middle - 1] + sorted[middle]) / 2).toFixed(2);
};

/** CPU seconds of the server: the whole process (threads gone included) and its libvips threads. */
function serverCpu(pid) {
  const ticks = (stat) => {
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  const hz = 100; // USER_HZ on Linux
  const threads = {};
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
      threads[tid] = {
        name: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")),
        seconds: ticks(stat) / hz,
      };
    } catch {} // a thread that ended meanwhile
  }
  return { total: ticks(fs.readFileSync(`/proc/${pid}/stat`, "utf8")) / hz, threads, at: performance.now() };
}

/** Cores busy between two readings: in all, in libvips' threads, on the main (JavaScript) thread. */
function coresBetween(before, after, pid) {
  const seconds = (after.at - before.at) / 1000;
  let vips = 0;
  for (const [tid, thread] of Object.entries(after.threads)) {
    if (thread.name.startsWith("libvips")) vips += thread.seconds - (before.threads[tid]?.seconds ?? 0);
  }
  const main = (after.threads[pid]?.seconds ?? 0) - (before.threads[pid]?.seconds ?? 0);
  return {
    all: +((after.total - before.total) / seconds).toFixed(2),
    libvips: +(vips / seconds).toFixed(2),
    main: +(main / seconds).toFixed(2),
  };
}

/** Each page on its own steady schedule for `seconds`: every answer's latency, and what went wrong. */
async function samplePages(pages, seconds) {
  const results = Object.fromEntries(pages.map((page) => [page.name, { ms: [], problems: [] }]));
  const interval = 1000 / RATE;
  const started = performance.now();
  const inFlight = [];
  await Promise.all(
    pages.map(async (page, index) => {
      // Staggered, so the four pages do not all leave in the same millisecond.
      let next = started + (index * interval) / pages.length;
      while (next < started + seconds * 1000) {
        const wait = next - performance.now();
        if (wait > 0) await sleep(wait);
        inFlight.push(
          get(page.url, page.headers).then((answer) => {
            results[page.name].ms.push(answer.ms);
            if (answer.status !== 200) results[page.name].problems.push(`status ${answer.status}`);
            else if (page.cached !== (answer.headers["x-page-cache"] !== undefined))
              results[page.name].problems.push(page.cached ? "rendered" : "from the page cache");
          }),
        );
        next += interval;
      }
    }),
  );
  await Promise.all(inFlight);
  return Object.fromEntries(
    Object.entries(results).map(([name, { ms, problems }]) => [name, { ...summary(ms), problems }]),
  );
}

/** Picture URLs never asked for: every picture at each width in turn, the phone's 800 px first. */
function uncachedImages(dataDir) {
  const db = new SQLite(path.join(dataDir, "nacre.sqlite"), { readonly: true });
  const pictures = [
    ...db.prepare("select 'products' as folder, file_name as file from product_images").all(),
    ...db.prepare("select 'site' as folder, file_name as file from site_images").all(),
    ...db.prepare("select 'events' as folder, image as file from events where image is not null").all(),
  ];
  db.close();
  return ["800", "1200", "400", "thumb", "1920"].flatMap((width) =>
    pictures.map(({ folder, file }) => `/images/${folder}/${file}?w=${width}`),
  );
}

/** IMAGE_CLIENTS clients asking for sizes until `stop()`; returns their answers once stopped. */
function loadImages(base, urls) {
  let next = 0;
  let stopping = false;
  const answers = { size: [], original: [], other: [], exhausted: false };
  const clients = Array.from({ length: IMAGE_CLIENTS }, async () => {
    while (!stopping) {
      const url = urls[next++];
      if (!url) {
        answers.exhausted = true;
        return;
      }
      const started = performance.now();
      const answer = await get(base + url, BROWSER_IMAGE);
      if (answer.status !== 200) answers.other.push(answer.status);
      else if (answer.headers["cache-control"] === "no-store") answers.original.push(answer.ms);
      else answers.size.push(answer.ms);
      const rest = started + 1000 - performance.now();
      if (rest > 0 && !stopping) await sleep(rest);
    }
  });
  return {
    async stop() {
      stopping = true;
      await Promise.all(clients);
      return {
        sizesMade: { ...summary(answers.size) },
        originalsSent: { ...summary(answers.original) },
        otherAnswers: answers.other.length,
        asked: next,
        exhausted: answers.exhausted,
      };
    },
  };
}

const SHOP_ENV = { IMAGE_SIZES_AT_START: "0" };
const port = async () => (process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : freePort());

/**
 * The demo shop, seeded once (its pictures drawn, its accounts made): each run starts on a copy, so
 * every run begins with no size cached and none waits for the seed (minutes on a busy machine).
 */
async function seededDemo() {
  const shop = await spawnShop({
    port: await port(),
    label: "image-starvation-seed",
    env: SHOP_ENV,
    startSeconds: 600,
  });
  await shop.stop();
  return shop.dataDir;
}

async function oneRun(run, seeded) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-image-starvation-"));
  fs.cpSync(seeded, dataDir, { recursive: true });
  const shop = await spawnShop({ port: await port(), env: SHOP_ENV, dataDir });
  const base = shop.base;
  try {
    const product = await firstLink(base, "/catalogue", "/catalogue/produit/");
    const cookie = await signInDemoCustomer(base);
    const signedIn = { ...BROWSER_PAGE, cookie };
    const pages = [
      { name: "product page, anonymous", url: base + product, headers: BROWSER_PAGE, cached: true },
      { name: "/catalogue, anonymous", url: `${base}/catalogue`, headers: BROWSER_PAGE, cached: true },
      { name: "product page, signed in", url: base + product, headers: signedIn, cached: false },
      { name: "/catalogue, signed in", url: `${base}/catalogue`, headers: signedIn, cached: false },
    ];
    // Checked once: the right page, from the page cache or rendered as the bench expects.
    for (const page of pages) {
      await get(page.url, page.headers);
      const answer = await get(page.url, page.headers, { keep: true });
      const problems = [];
      if (answer.status !== 200) problems.push(`status ${answer.status}`);
      if (page.cached !== (answer.headers["x-page-cache"] !== undefined))
        problems.push(page.cached ? "not from the page cache" : "from the page cache");
      if (!page.cached && !/Mon Compte/.test(zlibText(answer))) problems.push("not signed in");
      if (problems.length) throw new Error(`${page.name}: ${problems.join(", ")}`);
    }
    // Warm-up: a few seconds of the same schedule (JIT, SQLite's pages, the page cache).
    await samplePages(pages, 3);

    const idleFrom = serverCpu(shop.pid);
    const idle = await samplePages(pages, SECONDS);
    const idleCpu = coresBetween(idleFrom, serverCpu(shop.pid), shop.pid);

    const images = loadImages(base, uncachedImages(shop.dataDir));
    await sleep(RAMP * 1000);
    const loadedFrom = serverCpu(shop.pid);
    const loaded = await samplePages(pages, SECONDS);
    const loadedCpu = coresBetween(loadedFrom, serverCpu(shop.pid), shop.pid);
    const pictures = await images.stop();

    const rows = pages.map((page) => ({
      page: page.name,
      idle: idle[page.name],
      loaded: loaded[page.name],
      ratioP50: +(loaded[page.name].p50 / idle[page.name].p50).toFixed(2),
      ratioP99: +(loaded[page.name].p99 / idle[page.name].p99).toFixed(2),
    }));
    console.log(`\nRun ${run}: ${base}, load average ${os.loadavg()[0].toFixed(2)} at the end`);
    console.table(
      rows.map((row) => ({
        page: row.page,
        "idle p50": row.idle.p50,
        "idle p99": row.idle.p99,
        "loaded p50": row.loaded.p50,
        "loaded p99": row.loaded.p99,
        "p99 ×": row.ratioP99,
        problems: [...row.idle.problems, ...row.loaded.problems].join(", "),
      })),
    );
    console.log(
      `server CPU (cores): idle ${JSON.stringify(idleCpu)}, loaded ${JSON.stringify(loadedCpu)}; pictures: ${JSON.stringify(pictures)}`,
    );
    return { rows, cpu: { idle: idleCpu, loaded: loadedCpu }, pictures };
  } finally {
    await stopAndClean(shop);
  }
}

/** The HTML of an answer read with `raw`, decompressed as the server compressed it. */
function zlibText(answer) {
  const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync }[answer.headers["content-encoding"]];
  return (decode ? decode(answer.raw) : answer.raw).toString("utf8");
}

async function main() {
  const loadBefore = os.loadavg()[0];
  const seeded = await seededDemo();
  const runs = [];
  try {
    for (let run = 1; run <= RUNS; run++) runs.push(await oneRun(run, seeded));
  } finally {
    fs.rmSync(seeded, { recursive: true, force: true });
  }
  const pages = runs[0].rows.map((row) => row.page);
  const medians = pages.map((page) => {
    const of = (pick) => median(runs.map((run) => pick(run.rows.find((row) => row.page === page))));
    return {
      page,
      idleP50: of((row) => row.idle.p50),
      idleP99: of((row) => row.idle.p99),
      loadedP50: of((row) => row.loaded.p50),
      loadedP99: of((row) => row.loaded.p99),
      ratioP99: of((row) => row.ratioP99),
    };
  });
  const verdicts = medians.map((row) => ({ ...row, result: row.ratioP99 <= 2 ? "PASS" : "FAIL" }));
  console.log(
    `\nPages beside ${IMAGE_CLIENTS} clients asking for uncached picture sizes: median of ${RUNS} runs, ` +
      `${RATE} requests/s per page for ${SECONDS} s per phase (ms; load average ${loadBefore.toFixed(2)} at the start)`,
  );
  console.table(
    verdicts.map((row) => ({
      page: row.page,
      "idle p50": row.idleP50,
      "idle p99": row.idleP99,
      "loaded p50": row.loadedP50,
      "loaded p99": row.loadedP99,
      "p99 ×": row.ratioP99,
      result: row.result,
    })),
  );
  const cpu = (phase, kind) => median(runs.map((run) => run.cpu[phase][kind]));
  console.log(
    `server CPU, cores busy (median): idle ${cpu("idle", "all")} (libvips ${cpu("idle", "libvips")}), ` +
      `loaded ${cpu("loaded", "all")} (libvips ${cpu("loaded", "libvips")}, main thread ${cpu("loaded", "main")})`,
  );
  const pictures = (pick) => median(runs.map((run) => pick(run.pictures)));
  console.log(
    `pictures while loaded (median): ${pictures((p) => p.sizesMade.n)} sizes made (p50 ${pictures((p) => p.sizesMade.p50)} ms, ` +
      `max ${pictures((p) => p.sizesMade.max)} ms), ${pictures((p) => p.originalsSent.n)} originals sent instead ` +
      `(p50 ${pictures((p) => p.originalsSent.p50)} ms), ${pictures((p) => p.otherAnswers)} other answers`,
  );
  const failed = verdicts.filter((row) => row.result !== "PASS");
  console.log(
    `\nImage starvation summary: ${verdicts.length - failed.length}/${verdicts.length} PASS (loaded p99 within 2× idle)` +
      (failed.length ? ` — ${failed.map((row) => `${row.page} ×${row.ratioP99}`).join("; ")}` : ""),
  );
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "bench/results/image-starvation.json"),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cores: os.availableParallelism(),
        loadBefore,
        settings: { RUNS, SECONDS, RATE, IMAGE_CLIENTS, RAMP },
        medians: verdicts,
        runs,
      },
      null,
      2,
    )}\n`,
  );
}

await main();
