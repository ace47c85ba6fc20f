// Catalogue at scale (docs/product.md §10.17: a catalogue of 5,000 products renders its first page in < 100 ms
// of server time). Starts the built server on an empty DATA_DIR, inserts 5,000 products with their
// relations and an image each straight into SQLite, then times /catalogue requests one at a time
// (so the time is the server's, not a queue's) with several filter and sort combinations.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3401);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-bench-cat-"));
const id = () => crypto.randomBytes(8).toString("hex").slice(0, 15);

const server = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_DEMO: "0",
  },
  stdio: "ignore",
});

async function waitHealthy() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

try {
  await waitHealthy();
  const db = new SQLite(path.join(dataDir, "nacre.sqlite"));
  db.pragma("busy_timeout = 10000");
  const refs = {};
  for (const table of ["categories", "colors", "materials", "pearl_types"]) {
    refs[table] = Array.from({ length: table === "categories" ? 8 : 10 }, (_, i) => {
      const row = { id: id(), name: `${table} ${i}` };
      db.prepare(`insert into ${table} (id, name) values (?, ?)`).run(row.id, row.name);
      return row.id;
    });
  }
  const insert = db.transaction(() => {
    for (let i = 0; i < PRODUCTS; i++) {
      const pid = id();
      db.prepare(
        "insert into products (id, slug, name, description, price_cents, stock, is_unique, is_sold, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(
        pid,
        `piece-${i}`,
        `Pièce ${i}`,
        "Une pièce de démonstration.",
        2000 + ((i * 7919) % 30000),
        i % 2 ? 1 : 1 + (i % 4),
        i % 2,
        i % 5 === 0 ? 1 : 0,
        new Date(Date.UTC(2025, 0, 1) + i * 60000).toISOString(),
      );
      db.prepare(
        "insert into product_images (id, product_id, file_name, position, width, height) values (?, ?, ?, 0, 1200, 1200)",
      ).run(id(), pid, `${id()}.webp`);
      db.prepare("insert into product_categories (product_id, category_id) values (?, ?)").run(
        pid,
        refs.categories[i % 8],
      );
      db.prepare("insert into product_colors (product_id, color_id) values (?, ?)").run(
        pid,
        refs.colors[i % 10],
      );
      db.prepare("insert into product_colors (product_id, color_id) values (?, ?)").run(
        pid,
        refs.colors[(i + 3) % 10],
      );
      db.prepare("insert into product_materials (product_id, material_id) values (?, ?)").run(
        pid,
        refs.materials[i % 10],
      );
      db.prepare("insert into product_pearl_types (product_id, pearl_type_id) values (?, ?)").run(
        pid,
        refs.pearl_types[i % 10],
      );
    }
  });
  insert();
  db.close();

  const cases = {
    "tout, aléatoire": "/catalogue",
    "une catégorie": `/catalogue?categorie=${refs.categories[2]}`,
    "2 couleurs + matière + budget": `/catalogue?couleur=${refs.colors[1]}&couleur=${refs.colors[4]}&matiere=${refs.materials[1]}&prixMin=50&prixMax=250`,
    "prix croissant, page 3": "/catalogue?tri=price-asc&page=3",
    "galerie A→Z": "/galerie?tri=name-asc",
    "données seules (.data)": "/catalogue.data",
  };
  const rows = [];
  for (const [name, url] of Object.entries(cases)) {
    for (let i = 0; i < 5; i++) await (await fetch(base + url)).arrayBuffer(); // warm-up
    const times = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      const response = await fetch(base + url);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({
      cas: name,
      p50ms: +times[20].toFixed(1),
      p95ms: +times[38].toFixed(1),
      maxms: +times[39].toFixed(1),
    });
  }
  console.log(`\nCatalogue with ${PRODUCTS} products: one request at a time (budget: < 100 ms)`);
  console.table(rows);
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "bench/results/catalogue.json"),
    `${JSON.stringify({ date: new Date().toISOString(), products: PRODUCTS, rows }, null, 2)}\n`,
  );
} finally {
  server.kill("SIGTERM");
}
