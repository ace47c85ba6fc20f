// `npm run bench` (load part): the built server on a fresh seeded DATA_DIR, and 16
// closed-loop clients on loopback for 10 s mixing what a real day looks like: catalogue pages,
// product pages, cart updates by signed-in customers, and support chat reads while 200 chat
// streams stay open. Reports throughput, p50/p95/p99 per kind and errors; any 5xx fails the run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";

const root = path.resolve(import.meta.dirname, "..");
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STREAMS = 200;

if (!fs.existsSync(path.join(root, "build/server.js"))) {
  console.error("Run `npm run build` first.");
  process.exit(1);
}
const port = await new Promise((resolve) => {
  const probe = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = probe.address();
    probe.close(() => resolve(port));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-bench-load-"));
const server = spawn(process.execPath, ["build/server.js"], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // The benchmark signs in with these (a shop started without them generates random ones).
    ADMIN_PASSWORD: "Admin-Nacre-2026",
    DEMO_PASSWORD: "Cliente-Nacre-2026",
    PUBLIC_URL: base,
    TRUST_PROXY: "1",
    BACKUP_INTERVAL_HOURS: "0",
  },
  stdio: "ignore",
});

async function waitHealthy() {
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("server did not start");
}

async function signUp(i) {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      "x-forwarded-for": `10.9.0.${i + 1}`,
    },
    body: new URLSearchParams({
      intent: "signup",
      name: `Charge ${i}`,
      email: `charge-${i}@exemple.fr`,
      password: "Motdepasse-2026",
      passwordConfirm: "Motdepasse-2026",
    }),
  });
  if (response.status !== 302) throw new Error(`signup ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const percentile = (sorted, q) =>
  +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);

try {
  await waitHealthy();
  const db = new SQLite(path.join(dataDir, "nacre.sqlite"), { readonly: true });
  const forSale = db.prepare("select id, slug from products where is_sold = 0 and stock > 1").all();
  db.close();
  const customers = [];
  for (let i = 0; i < 8; i++) customers.push(await signUp(i));
  for (const cookie of customers) {
    await fetch(`${base}/api/chat`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ intent: "open" }),
    });
  }
  // Open chat streams in the background, as signed-in tabs would hold them.
  const streams = [];
  for (let i = 0; i < STREAMS; i++) {
    streams.push(
      http.get(
        `${base}/api/chat/flux`,
        { headers: { cookie: customers[i % customers.length] }, agent: false },
        (res) => res.resume(),
      ),
    );
  }

  const kinds = {
    catalogue: () => ({ url: `/catalogue?page=${1 + Math.floor(Math.random() * 2)}` }),
    produit: () => ({
      url: `/catalogue/produit/${forSale[Math.floor(Math.random() * forSale.length)].slug}`,
    }),
    panier: (client) => {
      const product = forSale[Math.floor(Math.random() * forSale.length)];
      const intent =
        Math.random() < 0.5
          ? { intent: "add", productId: product.id }
          : { intent: "remove", productId: product.id };
      return {
        url: "/api/panier",
        init: {
          method: "POST",
          headers: {
            cookie: customers[client % customers.length],
            origin: base,
            "content-type": "application/json",
          },
          body: JSON.stringify(intent),
        },
      };
    },
    chat: (client) => ({
      url: "/api/chat",
      init: { headers: { cookie: customers[client % customers.length] } },
    }),
  };
  const mix = [
    "catalogue",
    "catalogue",
    "catalogue",
    "produit",
    "produit",
    "produit",
    "panier",
    "panier",
    "chat",
    "chat",
  ];
  const latencies = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
  const failures = { http5xx: 0, network: 0, http4xx: 0 };
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, client) => {
      while (Date.now() < end) {
        const kind = mix[Math.floor(Math.random() * mix.length)];
        const { url, init } = kinds[kind](client);
        const started = performance.now();
        try {
          const response = await fetch(base + url, init);
          await response.arrayBuffer();
          if (response.status >= 500) failures.http5xx++;
          else if (response.status >= 400 && response.status !== 409) failures.http4xx++;
        } catch {
          failures.network++;
        }
        latencies[kind].push(performance.now() - started);
      }
    }),
  );
  for (const stream of streams) stream.destroy();

  const rows = Object.entries(latencies).map(([kind, list]) => {
    list.sort((a, b) => a - b);
    return {
      kind,
      requests: list.length,
      perSecond: Math.round(list.length / SECONDS),
      p50ms: percentile(list, 0.5),
      p95ms: percentile(list, 0.95),
      p99ms: percentile(list, 0.99),
    };
  });
  const total = rows.reduce((sum, row) => sum + row.requests, 0);
  console.log(
    `\nMixed load: ${CONNECTIONS} clients for ${SECONDS} s with ${STREAMS} chat streams open — ${Math.round(total / SECONDS)} req/s in all`,
  );
  console.table(rows);
  console.table([failures]);
  fs.mkdirSync(path.join(root, "bench/results"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "bench/results/load.json"),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: os.cpus().length, rows, failures }, null, 2)}\n`,
  );
  if (failures.http5xx > 0 || failures.network > 0) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
}
