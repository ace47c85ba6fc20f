// `npm run bench` (HTTP part): autocannon 8 from this process against the built server on
// a fresh seeded DATA_DIR (or BENCH_URL), both on the same machine: 32 connections for 10 s after a
// 2 s warm-up, every request sending `accept-encoding: br, gzip` as a browser does (without it the
// server sends uncompressed bytes and skips the precompressed cache, so the figure would not be a
// visitor's). Before each measure one request with the same headers checks that the answer is the
// real thing: status, compression, and a text the page must contain.
// Measures and budgets (docs/product.md §10.17):
// - anonymous product page and /catalogue (page cache, ADR 008): >= 2,000 req/s, p99 < 50 ms;
// - the product page signed in as the demo customer (always rendered): >= 300 req/s, p99 < 150 ms;
// - a JSON list: GET /api/disponibilite with twelve pieces, anonymous: >= 1,500 req/s. It is the
//   list the order form fetches to keep its lines' state (since ADR 032 baskets are read from the
//   server, GET /api/panier, and no longer polled by every page a guest opens);
// - revalidation: the anonymous product page with `If-None-Match` from a first answer's ETag,
//   every answer a 304 ("no ETag" when the page sends none). No budget, reported.
// BENCH_SECONDS, BENCH_WARMUP (seconds), BENCH_CONNECTIONS change the load; BENCH_PORT (default
// 3400). Writes bench/results/http.json; always exits 0 (it reports, it does not gate).
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { firstLink } from "./pages.mjs";
import { root, startShop, stopAndClean } from "./shop.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const BROWSER = { "accept-encoding": "br, gzip" };

/** One raw request (no automatic decompression): status, headers, wire size and decoded body. */
function probe(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const parts = [];
        response.on("data", (part) => parts.push(part));
        response.on("end", () => {
          const wire = Buffer.concat(parts);
          const encoding = response.headers["content-encoding"];
          const decode = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync }[encoding];
          const body = (decode ? decode(wire) : wire).toString("utf8");
          resolve({ status: response.statusCode, headers: response.headers, wireBytes: wire.length, body });
        });
      })
      .on("error", reject);
  });
}

/** Refuses to measure an answer that is not the expected page, compressed. */
async function verify(url, headers, { status = 200, contains, compressed = true }) {
  const answer = await probe(url, headers);
  const problems = [];
  if (answer.status !== status) problems.push(`status ${answer.status}, expected ${status}`);
  if (compressed && !["br", "gzip"].includes(answer.headers["content-encoding"]))
    problems.push("not compressed");
  for (const text of contains ?? []) if (!answer.body.includes(text)) problems.push(`body lacks "${text}"`);
  return { ...answer, problems };
}

/** autocannon for `seconds`, reduced to the figures the table shows. */
async function cannon(url, headers, seconds) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const total = result.requests.total;
  return {
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p97_5ms: result.latency.p97_5,
    p99ms: result.latency.p99,
    requests: total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, +count]),
    ),
    bytesPerAnswer: total ? Math.round(result.throughput.total / total) : 0,
  };
}

/** A verified, warmed-up measure with its budget verdict. */
async function measure({ name, url, headers = {}, expect, budget }) {
  const sent = { ...BROWSER, ...headers };
  const check = await verify(url, sent, expect);
  if (check.problems.length) return { name, result: `NOT MEASURED (${check.problems.join(", ")})` };
  await cannon(url, sent, WARMUP);
  const figures = await cannon(url, sent, SECONDS);
  const expected = String(expect.status ?? 200);
  const others = Object.entries(figures.statusCodes).filter(([code]) => code !== expected);
  const why = [];
  if (figures.errors || others.length)
    why.push(`answers other than ${expected}: ${JSON.stringify(figures.statusCodes)}`);
  if (budget.reqPerSec && figures.reqPerSec < budget.reqPerSec) why.push(`< ${budget.reqPerSec} req/s`);
  if (budget.p99ms && !(figures.p99ms < budget.p99ms)) why.push(`p99 >= ${budget.p99ms} ms`);
  let verdict = why.length ? `FAIL (${why.join(", ")})` : "PASS";
  if (!budget.reqPerSec && !budget.p99ms) verdict = why.join(", ") || "ok"; // no budget: reported only
  return {
    name,
    encoding: check.headers["content-encoding"] ?? "none",
    wireBytes: check.wireBytes,
    ...figures,
    budget,
    result: verdict,
  };
}

/** The demo customer's session cookie, signed in through Better Auth's JSON endpoint. */
async function signIn(base) {
  const port = new URL(base).port;
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://localhost:${port}` },
    body: JSON.stringify({ email: "cliente@nacre.test", password: "Cliente-Nacre-2026" }),
  });
  if (!response.ok) throw new Error(`sign-in refused (${response.status}): ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

/** Ids of twelve pieces for sale, as a guest's stored basket holds them (read from the productId fields
 * of the catalogue's cards, which only a signed-in customer's page has). */
async function twelveProductIds(base, customer) {
  const html = await (await fetch(`${base}/catalogue`, { headers: { cookie: customer } })).text();
  const ids = [...new Set([...html.matchAll(/name="productId" value="(\w+)"/g)].map((match) => match[1]))];
  if (ids.length < 12) throw new Error(`only ${ids.length} product ids on /catalogue`);
  return ids.slice(0, 12);
}

/** The 304 case: If-None-Match from a first answer's ETag, or a row saying there is none. */
async function revalidation(url, productName) {
  const first = await probe(url, BROWSER);
  const etag = first.headers.etag;
  if (!etag) return { name: "product page, anonymous, If-None-Match", result: "no ETag" };
  const row = await measure({
    name: "product page, anonymous, If-None-Match",
    url,
    headers: { "if-none-match": etag },
    expect: { status: 304, compressed: false },
    budget: {},
  });
  return { ...row, etag, productName };
}

function report(rows) {
  console.log(
    `\nHTTP, autocannon ${CONNECTIONS} connections for ${SECONDS} s after ${WARMUP} s warm-up, accept-encoding: br, gzip`,
  );
  console.table(
    rows.map((row) => {
      const shown = {
        measure: row.name,
        "req/s": row.reqPerSec,
        p50: row.p50ms,
        "p97.5": row.p97_5ms,
        p99: row.p99ms,
        non2xx: row.non2xx,
        enc: row.encoding,
        bytes: row.bytesPerAnswer,
      };
      for (const key in shown) shown[key] ??= "—"; // a row not measured (no ETag, refused answer)
      return { ...shown, result: row.result };
    }),
  );
  const judged = rows.filter((row) => /^(PASS|FAIL|NOT)/.test(row.result));
  const failed = judged.filter((row) => row.result !== "PASS");
  console.log(
    `\nHTTP summary: ${judged.length - failed.length}/${judged.length} PASS` +
      (failed.length ? ` — ${failed.map((row) => `${row.name}: ${row.result}`).join("; ")}` : ""),
  );
}

async function main() {
  // Pages and JSON only: the start-up pass that makes every image size (ADR 010, two to three
  // minutes of sharp on a fresh demo shop) is left out, or the figures would be those of a shop
  // sharing its cores with it, not of one serving its visitors.
  const shop = await startShop({
    port: Number(process.env.BENCH_PORT ?? 3400),
    label: "http",
    env: { IMAGE_SIZES_AT_START: "0" },
  });
  const base = shop.base;
  try {
    const product = await firstLink(base, "/catalogue", "/catalogue/produit/");
    const page = await probe(base + product, BROWSER);
    const productName = page.body.match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1]?.trim();
    if (!productName) throw new Error(`no <h1> on ${product}`);
    const customer = await signIn(base);
    const ids = await twelveProductIds(base, customer);
    const list = `${base}/api/disponibilite?${new URLSearchParams(ids.map((id) => ["id", id]))}`;
    const anonymousPage = { reqPerSec: 2000, p99ms: 50 };
    const rows = [
      await measure({
        name: "product page, anonymous",
        url: base + product,
        expect: { contains: [productName] },
        budget: anonymousPage,
      }),
      await measure({
        name: "/catalogue, anonymous",
        url: `${base}/catalogue`,
        expect: { contains: [productName] },
        budget: anonymousPage,
      }),
      await measure({
        name: "product page, signed in",
        url: base + product,
        headers: { cookie: customer },
        expect: { contains: [productName, "Mon Compte"] },
        budget: { reqPerSec: 300, p99ms: 150 },
      }),
      await measure({
        name: "JSON list: /api/disponibilite, 12 ids",
        url: list,
        expect: { contains: ids.map((id) => `"${id}"`), compressed: false },
        budget: { reqPerSec: 1500 },
      }),
      await revalidation(base + product, productName),
    ];
    report(rows);
    fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
    const results = {
      date: new Date().toISOString(),
      node: process.version,
      cpus: os.cpus().length,
      seconds: SECONDS,
      connections: CONNECTIONS,
      product,
      rows,
    };
    fs.writeFileSync(path.join(root, "bench/results/http.json"), `${JSON.stringify(results, null, 2)}\n`);
  } catch (error) {
    console.error(`HTTP bench did not finish: ${error instanceof Error ? error.stack : error}`);
    console.log("\nHTTP summary: not measured (error above)");
  } finally {
    await stopAndClean(shop);
  }
}

await main();
