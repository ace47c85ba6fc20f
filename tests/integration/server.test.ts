/**
 * The built server over real HTTP and a real database, the SQLite file or PostgreSQL (run
 * `npm run build` first; `npm test` does). Two processes start at once on one fresh DATA_DIR (and,
 * on PostgreSQL, one fresh database): one seeds, the other waits, neither corrupts anything; a
 * restart keeps the data and never seeds again. This is where seeding the demo is tested, once per
 * back end: every other shop of the suites starts from a copy (tests/support/demo-snapshot.ts).
 * Of the HTTP contract, what needs the built process
 * stays here (the cached home page's security headers and script hashes, hashed assets, the health
 * check, the request log on its output); the HTTP rules that need none are route tests in
 * tests/routes/http-contract.test.ts.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrationProvider } from "../../db/migrations";
import { demoEvents, demoProducts, demoReviews } from "../../db/seed/demo-content";
import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  freePort,
  newDataDir,
  queryDatabase,
  type ShopServer,
  signIn,
  signUp,
  startServer,
  stopServer,
  testBackend,
  waitHealthy,
} from "../support/shop-server";

const dataDir = newDataDir("http");
const ports: number[] = [];
const running: ShopServer[] = [];

/**
 * As a production shop on a local address starts by default (ADR 011): the demo is seeded (no
 * SEED_DEMO), and its customer gets a password generated and printed once (no DEMO_PASSWORD).
 */
const firstStartEnv = { SEED_DEMO: "", DEMO_PASSWORD: "" };

function start(port: number) {
  // Two first starts race to seed: they must seed for themselves, not start on the run's copy.
  const handle = startServer({ port, dataDir, fromDemoSnapshot: false, env: firstStartEnv });
  running.push(handle);
  return handle;
}

const stop = (server: ShopServer) => stopServer(server);

function counts() {
  return queryDatabase(dataDir, async (db) => {
    const one = async (sql: string) => ((await db.get(sql)) as { n: number }).n;
    return {
      products: await one("select count(*) as n from products"),
      sold: await one("select count(*) as n from products where is_sold = 1"),
      admins: await one("select count(*) as n from users where role = 'admin'"),
      users: await one("select count(*) as n from users"),
      events: await one("select count(*) as n from events"),
      reviews: await one("select count(*) as n from reviews"),
      heroes: await one("select count(*) as n from site_images where kind = 'hero'"),
      inspirations: await one("select count(*) as n from site_images where kind = 'inspiration'"),
      // Each migration ran once, though two processes started together.
      migrations: (await db.all<{ name: string }>("select name from kysely_migration order by name")).map(
        (row) => row.name,
      ),
      // The SQLite file itself: sound, and in WAL mode (readers never wait for the writer).
      ...(db.backend === "sqlite" && {
        integrity: ((await db.get("pragma integrity_check")) as { integrity_check: string }).integrity_check,
        journal: ((await db.get("pragma journal_mode")) as { journal_mode: string }).journal_mode,
      }),
    };
  });
}

let firstCounts: Awaited<ReturnType<typeof counts>>;
/** The start that seeded the demo. */
let seeder: ShopServer;

beforeAll(async () => {
  ports.push(await freePort(), await freePort(), await freePort());
  const [a, b] = [start(ports[0] as number), start(ports[1] as number)];
  await Promise.all([waitHealthy(a), waitHealthy(b)]);
  const seededBy = [a, b].filter((h) => h.output().includes("contenu de démonstration créé"));
  expect(seededBy).toHaveLength(1);
  seeder = seededBy[0] as ShopServer;
  firstCounts = await counts();
});

afterAll(async () => {
  await Promise.all(running.map(stop));
});

describe("two starts on one DATA_DIR, then a restart", () => {
  it("seeded the demo shop exactly once, in a healthy database (SQLite: in WAL mode)", async () => {
    // Its pictures are the build's (build/demo-pictures, ADR 030): none was drawn at the start.
    expect(seeder.output()).toContain("images dessinées au démarrage : 0)");
    expect(firstCounts).toMatchObject({
      products: demoProducts.length,
      sold: 12,
      admins: 1,
      // The admin, the demo customer and one account per demo review.
      users: 2 + demoReviews.length,
      events: demoEvents.length,
      reviews: demoReviews.length,
      heroes: 6,
      inspirations: 33,
      migrations: Object.keys(await migrationProvider.getMigrations()).sort(),
      ...(testBackend() === "sqlite" && { integrity: "ok", journal: "wal" }),
    });
  });

  it("printed the demo customer's generated password once, and that password opens the account", async () => {
    const printed = [
      ...seeder.output().matchAll(/Cliente de démonstration : cliente@nacre\.test \/ mot de passe : (\S+)/g),
    ];
    expect(printed, seeder.output()).toHaveLength(1);
    const password = printed[0]?.[1] ?? "";
    expect(running.filter((h) => h.output().includes(password))).toEqual([seeder]);
    await signIn(seeder.url, "cliente@nacre.test", password);
    await expect(signIn(seeder.url, "cliente@nacre.test", DEMO_CUSTOMER.password)).rejects.toThrow();
  });

  it("keeps every row across a restart and never seeds again", async () => {
    await Promise.all(running.map(stop));
    const again = start(ports[2] as number);
    await waitHealthy(again);
    expect(again.output()).not.toContain("contenu de démonstration créé");
    expect(again.output()).toContain(`Nacre est en ligne : http://localhost:${ports[2]}`);
    expect(again.output()).toContain("Administratrice : admin@nacre.test");
    expect(await counts()).toEqual(firstCounts);
    await stop(again);
  });
});

describe("HTTP contract", () => {
  let server: ShopServer;
  let url: string;
  beforeAll(async () => {
    server = start(ports[2] as number);
    url = server.url;
    await waitHealthy(server);
  });
  afterAll(async () => {
    await stop(server);
  });

  it("serves the home page rendered on the server, in French, with security headers", async () => {
    // The page kept for every visitor is the contract. A render that raced an emptying of the cache
    // (on PostgreSQL the instance bus empties it when its listener connects, and the other
    // instance's writes do too: ADR 014) goes out as rendered, protected by its own nonce, and is
    // not kept (no X-Page-Cache); the next request renders the page that is.
    let response = await fetch(`${url}/`, { headers: { "accept-encoding": "gzip" } });
    let html = await response.text();
    for (let attempt = 1; attempt < 5 && !response.headers.get("x-page-cache"); attempt++) {
      expect(html).toContain("nonce=");
      expect(response.headers.get("content-security-policy")).toMatch(/script-src[^;]*'nonce-/);
      response = await fetch(`${url}/`, { headers: { "accept-encoding": "gzip" } });
      html = await response.text();
    }
    expect(response.headers.get("x-page-cache")).toMatch(/^(hit|miss)$/);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("IA ORA NA ET MAEVA");
    expect(html).toContain("Tous droits réservés");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // An anonymous page is shared (ADR 018): no nonce; every inline script it carries is allowed
    // by its hash, except JSON-LD data blocks (SEO), which browsers never execute.
    expect(html).not.toContain("nonce=");
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = "", content = ""] of scripts) {
      if (attributes === ' type="application/ld+json"' || attributes.includes(" src=")) continue;
      const hash = crypto.createHash("sha256").update(content).digest("base64");
      expect(csp).toContain(`'sha256-${hash}'`);
    }
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
    // The same bytes for every visitor (ADR 036): a shared cache may keep them a few seconds.
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
  });

  it("caches hashed assets for a year, immutable", async () => {
    const html = await (await fetch(`${url}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${url}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers the health check", async () => {
    const response = await fetch(`${url}/healthz`);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("logs one JSON line per request, without passwords, cookies or tokens", async () => {
    // Requests carrying each secret: a sign-in's password, then its session cookie, a signup's
    // password, a reset link's token; and pages enough for a log of more than ten lines.
    // The admin: this shop's demo customer has the password its first start generated.
    const cookie = await signIn(url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(cookie).toContain("session_token=");
    expect((await fetch(`${url}/admin`, { headers: { cookie } })).status).toBe(200);
    await signUp(url, "journal@exemple.fr", "Journal");
    for (const page of [
      "/catalogue",
      "/galerie",
      "/agenda",
      "/contact",
      "/a-propos",
      "/cgv",
      "/mentions-legales",
    ])
      expect((await fetch(`${url}${page}`)).status, page).toBe(200);
    await fetch(`${url}/reinitialiser-mot-de-passe?token=jeton-tres-secret`);
    // The line is written when the answer has gone out: give it a moment to reach the pipe.
    for (let i = 0; i < 100 && !server.output().includes('"path":"/reinitialiser-mot-de-passe'); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.find((line) => line.method === "POST" && line.path === "/auth")).toMatchObject({
      status: 302,
      level: "info",
    });
    expect(lines.find((line) => String(line.path).startsWith("/reinitialiser-mot-de-passe"))?.path).toBe(
      "/reinitialiser-mot-de-passe?token=[masqué]",
    );
    const everything = server.output();
    for (const secret of [DEMO_ADMIN.password, "Motdepasse-2026", "jeton-tres-secret", "session_token"])
      expect(everything).not.toContain(secret);
  });
});
