// `node --import tsx bench/stats.mjs`: the CPU the audience counting adds to a page view (ADR 034,
// docs/product.md §10.29; budget < 0.5 ms). In this process, from the sources: the real middleware
// (app/features/stats/page-views.server.ts) over the shop's route table shape, the real recorder
// (salted SHA-256 per view, the day's set of hashes, the in-memory counters), on request and
// response objects that behave as Express's do for it (headers, status, `finish`). N views from
// 5,000 addresses and 4 browsers over 40 pages (products by slug, the catalogue with filters, the
// data of a navigation) are run through it, and the same N through a middleware that only calls
// next() and emits `finish`; the difference of process CPU (user + system), divided by N, is the
// counting's cost per view. Median of 5 runs (RUNS). Writing a batch is not in it: one upsert per
// counter row every 10 s, whatever the traffic (the rows of a day, not its views).
import { EventEmitter } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { countPageViews, routeMatcher } from "../app/features/stats/page-views.server.ts";
import { createStatsRecorder } from "../app/features/stats/stats-recorder.server.ts";

const N = Number(process.env.BENCH_VIEWS ?? 200_000);
const RUNS = Number(process.env.RUNS ?? 5);

// The shop's routes as React Router's build lists them (the ones a visitor's page can match).
const routes = {
  root: { id: "root", path: "" },
  "routes/shop/home": { id: "routes/shop/home", parentId: "root", index: true },
  "routes/shop/about": { id: "routes/shop/about", parentId: "root", path: "a-propos" },
  "routes/shop/catalogue": { id: "routes/shop/catalogue", parentId: "root", path: "catalogue" },
  "routes/shop/product": { id: "routes/shop/product", parentId: "root", path: "catalogue/produit/:slug" },
  "routes/shop/gallery": { id: "routes/shop/gallery", parentId: "root", path: "galerie" },
  "routes/shop/sold-item": { id: "routes/shop/sold-item", parentId: "root", path: "galerie/vendu/:slug" },
  "routes/shop/agenda": { id: "routes/shop/agenda", parentId: "root", path: "agenda" },
  "routes/shop/contact": { id: "routes/shop/contact", parentId: "root", path: "contact" },
  "routes/shop/order-tracking": {
    id: "routes/shop/order-tracking",
    parentId: "root",
    path: "commande/:jeton",
  },
  "routes/shop/not-found": { id: "routes/shop/not-found", parentId: "root", path: "*" },
};

const agents = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
];
const pages = [
  ...Array.from({ length: 30 }, (_, i) => `/catalogue/produit/collier-perle-${i}`),
  "/",
  "/catalogue",
  "/galerie",
  "/agenda",
  "/contact",
  "/a-propos",
  "/galerie/vendu/bague-lagon",
  "/catalogue.data",
  "/agenda.data",
  "/_root.data",
];

function request(i) {
  const url = pages[i % pages.length];
  return {
    method: "GET",
    path: url,
    headers: {
      "user-agent": agents[i % agents.length],
      "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 19}.${i % 250}`,
      referer: i % 7 === 0 ? "https://www.exemple-blog.fr/article" : "https://nacre.example/catalogue",
      cookie: undefined,
    },
  };
}

class Response extends EventEmitter {
  statusCode = 200;
  constructor(data) {
    super();
    this.type = data ? "text/x-script" : "text/html; charset=utf-8";
  }
  getHeader() {
    return this.type;
  }
}

const noop = () => {};
function run(middleware) {
  const started = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const req = request(i);
    const res = new Response(req.path.endsWith(".data"));
    middleware(req, res, noop);
    res.emit("finish");
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

// The batch is written once, at the end, to check what was counted: every view of every run.
const written = [];
const fakeDb = {
  transaction: () => ({
    execute: (work) =>
      work({
        insertInto: () => ({
          values: (row) => ({ onConflict: () => ({ execute: async () => written.push(row) }) }),
        }),
      }),
  }),
};
const recorder = createStatsRecorder({ db: fakeDb, flushEveryMs: 3_600_000 });
const counting = countPageViews({
  stats: () => recorder,
  routeOf: routeMatcher(routes),
  ownHosts: new Set(["nacre.example"]),
});
const bare = (_req, res, next) => {
  res.once("finish", noop);
  next();
};

// Warm-up: the JIT, the route cache and isbot's memo.
run(counting);
run(bare);
const per = [];
for (let r = 0; r < RUNS; r++) {
  const withCounting = run(counting);
  const without = run(bare);
  per.push(((withCounting - without) / N) * 1000);
}
per.sort((a, b) => a - b);
await recorder.stop();
const views = written.filter((row) => row.kind === "page_view").reduce((sum, row) => sum + row.count, 0);
// Every view but /catalogue.data asked from /catalogue itself (the page refreshing its own data).
let expected = 0;
for (let i = 0; i < N; i++) if (!(pages[i % pages.length] === "/catalogue.data" && i % 7 !== 0)) expected++;
expected *= RUNS + 1;
if (views !== expected) throw new Error(`${views} vues comptées au lieu de ${expected}`);
const median = per[Math.floor(per.length / 2)];
const result = {
  views: N,
  runs: RUNS,
  microsecondsPerViewMedian: Number(median.toFixed(2)),
  all: per.map((v) => Number(v.toFixed(2))),
};
console.log(
  `Comptage d'audience : ${result.microsecondsPerViewMedian} µs de CPU par page vue (médiane de ${RUNS}, ${N} vues ; budget 500 µs)`,
);
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, "stats.json"), `${JSON.stringify(result, null, 2)}\n`);
