/**
 * The shared page cache (ADR 008, ADR 018, ADR 036) over real HTTP, in front of a stand-in renderer
 * that puts its nonce on its scripts and prints the flash message it is sent: a public page is the
 * same for every visitor, whatever cookie they carry, and a page carrying a flash message is never
 * shared; it is sent without a nonce, with a CSP that lists the hashes of the
 * renderer's own scripts and nothing else, compressed once, with an ETag that answers 304. With
 * several instances on one database, writes are announced to the others and theirs empty this cache.
 */
import crypto from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  acceptedEncoding,
  pageCache,
  type SharedInvalidation,
  withInlineStylesheets,
  withoutNonce,
} from "./page-cache.server";
import { securityHeaders } from "./security-headers.server";

let renders = 0;
let stock = 3;
let server: http.Server;
let base = "";
const cache = pageCache({ ttlMs: 60_000 });

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ https: false, csp: true }));
  app.use(compression());
  app.use(cache);
  app.post("/stock", (_req, res) => {
    stock -= 1;
    res.status(204).end();
  });
  app.get("/introuvable", (_req, res) => {
    renders++;
    res.status(404).type("html").send("<p>Introuvable</p>");
  });
  app.get("/{*page}", (req, res) => {
    renders++;
    const nonce = String(res.locals.cspNonce);
    const flash = /nacre_flash=(\w+)/.exec(req.headers.cookie ?? "")?.[1] ?? "aucun message";
    // A flash message being cleared, or a page that hands a visitor a cookie.
    if (req.headers.cookie?.includes("nacre_flash=") || req.path === "/bienvenue") {
      res.setHeader("Set-Cookie", "nacre_flash=; Max-Age=0");
    }
    res.setHeader("Cache-Control", "private, no-cache");
    res.type("html");
    // Written in pieces, as the streaming renderer does. The last script stands for markup that
    // slipped into a page (it lacks the nonce): the browser must keep refusing it.
    res.write(`<html><head><link rel="modulepreload" nonce="${nonce}" href="/a.js"></head><body>`);
    res.write(`<p>${flash}, stock ${stock}</p><script nonce="${nonce}">1</script>`);
    res.write(`<script type="module" nonce="${nonce}" async="">import "/a.js";</script>`);
    res.end(`<script>alert("injecté")</script></body></html>`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  cache.clear();
  renders = 0;
  stock = 3;
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(base + path, { headers });
  const html = await response.text();
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
  return { response, html, csp, nonce, hit: response.headers.get("x-page-cache") === "hit" };
}

function noncesIn(html: string) {
  return [...html.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
}

const sha256 = (script: string) => `'sha256-${crypto.createHash("sha256").update(script).digest("base64")}'`;

/** The raw bytes as sent (fetch would decode them), over one plain HTTP request. */
async function raw(path: string, headers: Record<string, string>) {
  const http = await import("node:http");
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(base + path, { headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on("error", reject);
    },
  );
}

describe("pageCache", () => {
  it("renders an anonymous page once and sends every copy without a nonce, its scripts allowed by hash", async () => {
    const first = await get("/catalogue");
    const second = await get("/catalogue");
    const third = await get("/catalogue", { "Accept-Encoding": "gzip" });
    expect(renders).toBe(1);
    expect([first.hit, second.hit, third.hit]).toEqual([false, true, true]);
    for (const page of [first, second, third]) {
      expect(page.nonce).toBe("");
      expect(noncesIn(page.html)).toEqual([]);
      expect(page.html).toContain("aucun message, stock 3");
      // The renderer's two inline scripts are allowed by their hashes; the one without the nonce is not.
      expect(page.csp).toContain(`script-src 'self' ${sha256("1")} ${sha256('import "/a.js";')};`);
      expect(page.csp).not.toContain(sha256('alert("injecté")'));
      expect(/script-src [^;]*/.exec(page.csp)?.[0]).not.toContain("unsafe-inline");
      // The same bytes for everyone: a shared cache may keep them (ADR 036).
      expect(page.response.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
      expect(page.response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.response.headers.get("x-content-type-options")).toBe("nosniff");
    }
    expect(second.html).toBe(first.html);
    expect(third.html).toBe(first.html);
  });

  it("sends a kept page already compressed in the coding the browser takes, with one ETag", async () => {
    const plain = await raw("/galerie", {});
    const brotli = await raw("/galerie", { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await raw("/galerie", { "Accept-Encoding": "gzip;q=1, br;q=0" });
    expect(renders).toBe(1);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(plain.body.toString());
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(plain.body.toString());
    for (const copy of [plain, brotli, gzip]) {
      expect(copy.headers.vary).toBe("Accept-Encoding");
      expect(Number(copy.headers["content-length"])).toBe(copy.body.length);
      expect(copy.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
      expect(copy.headers.etag).toBe(plain.headers.etag);
    }
  });

  it("answers 304 to a browser that has the page, and the page again once it changed", async () => {
    const first = await raw("/a-propos", { "Accept-Encoding": "br" });
    const etag = String(first.headers.etag);
    const again = await raw("/a-propos", { "Accept-Encoding": "br", "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await raw("/a-propos", { "If-None-Match": `"autre", ${etag}` })).status).toBe(304);
    expect(renders).toBe(1);
    await fetch(`${base}/stock`, { method: "POST" });
    const changed = await raw("/a-propos", { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.body.toString()).toContain("stock 2");
    expect(changed.headers.etag).not.toBe(etag);
  });

  it("serves a public page to every visitor whatever cookies they carry, and sends it as public", async () => {
    const first = await get("/catalogue", { Cookie: "better-auth.session_token=abc; nacre_panier=xyz" });
    expect(first.response.headers.get("cache-control")).toBe(
      "public, max-age=0, s-maxage=10, stale-while-revalidate=30",
    );
    const anonymous = await get("/catalogue");
    expect(anonymous.hit).toBe(true);
    const otherVisitor = await get("/catalogue", { Cookie: "nacre_compte=client" });
    expect(otherVisitor.hit).toBe(true);
    expect(otherVisitor.html).toBe(first.html);
    expect(renders).toBe(1);
  });

  it("renders a page that carries a flash message for its visitor alone, and never keeps it", async () => {
    await get("/catalogue");
    const flashed = await get("/catalogue", { Cookie: "nacre_compte=client; nacre_flash=Merci" });
    expect(flashed.hit).toBe(false);
    expect(flashed.html).toContain("Merci");
    expect(flashed.response.headers.get("cache-control")).toBe("private, no-cache");
    const next = await get("/catalogue");
    expect(next.hit).toBe(true);
    expect(next.html).not.toContain("Merci");
    expect(renders).toBe(2);
  });

  it("never caches a personal page: an order's pages, sign-in, a password reset, the order form", async () => {
    for (const path of [
      "/commande/jeton",
      "/auth",
      "/reinitialiser-mot-de-passe",
      "/contact?commande=panier",
      "/contact?commande=favoris",
    ]) {
      await get(path);
      expect((await get(path)).hit, path).toBe(false);
    }
    await get("/contact");
    expect((await get("/contact")).hit).toBe(true);
  });

  it("keeps no response that sets a cookie, and no error page, and sends them as rendered", async () => {
    await get("/contact", { Cookie: "nacre_flash=Merci" });
    const after = await get("/contact");
    expect(after.hit).toBe(false);
    expect(after.response.headers.get("set-cookie")).toBeNull();
    await get("/bienvenue");
    const welcome = await get("/bienvenue");
    expect(welcome.hit).toBe(false);
    expect(welcome.response.headers.get("set-cookie")).toBe("nacre_flash=; Max-Age=0");
    expect(noncesIn(welcome.html)).toEqual([welcome.nonce, welcome.nonce, welcome.nonce]);
    await get("/introuvable");
    const missing = await get("/introuvable");
    expect(missing.hit).toBe(false);
    expect(missing.response.status).toBe(404);
    expect(missing.html).toBe("<p>Introuvable</p>");
    expect(renders).toBe(6);
  });

  it("leaves API, data requests, assets and the admin area alone", async () => {
    for (const path of ["/api/panier", "/catalogue.data", "/admin", "/mon-compte", "/favicon.ico"]) {
      await get(path);
      expect((await get(path)).hit, path).toBe(false);
    }
  });

  it("keys on the full URL, filters included", async () => {
    await get("/catalogue?categorie=bagues");
    const other = await get("/catalogue?categorie=colliers");
    expect(other.hit).toBe(false);
    expect((await get("/catalogue?categorie=bagues")).hit).toBe(true);
  });

  it("forgets every page after a write", async () => {
    await get("/catalogue/produit/bague");
    expect((await fetch(`${base}/stock`, { method: "POST" })).status).toBe(204);
    const after = await get("/catalogue/produit/bague");
    expect(after.hit).toBe(false);
    expect(after.html).toContain("stock 2");
  });

  it("keeps every page through the writes no public page shows: baskets, chat, signing in and out", async () => {
    const app = express();
    const local = pageCache({ ttlMs: 60_000 });
    let version = 0;
    app.use(local);
    app.post("/{*write}", (_req, res) => res.status(204).end());
    app.get("/", (_req, res) => {
      version += 1;
      res.type("html").send(`<p>version ${version}</p>`);
    });
    const listening = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listening.once("listening", resolve));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    try {
      await fetch(`${url}/`);
      for (const write of ["/api/panier", "/api/chat", "/auth", "/deconnexion", "/api/auth/sign-in/email"]) {
        await fetch(url + write, { method: "POST" });
        expect(await (await fetch(`${url}/`)).text(), write).toBe("<p>version 1</p>");
      }
      await fetch(`${url}/contact?commande=panier`, { method: "POST" });
      expect(await (await fetch(`${url}/`)).text()).toBe("<p>version 2</p>");
    } finally {
      await new Promise((resolve) => listening.close(resolve));
    }
  });

  it("renders once for concurrent first visits", async () => {
    const pages = await Promise.all(Array.from({ length: 8 }, () => get("/galerie")));
    expect(renders).toBe(1);
    for (const page of pages) {
      expect(page.html).toBe(pages[0]?.html);
      expect(page.csp).toContain(sha256("1"));
    }
  });

  it("serves a hit from its own middleware, mounted before everything else", async () => {
    const hitsFirst = pageCache({ ttlMs: 60_000 });
    const app = express();
    let laterMiddleware = 0;
    app.use(hitsFirst.hits);
    app.use((_req, _res, next) => {
      laterMiddleware++;
      next();
    });
    app.use(securityHeaders({ https: false, csp: true }));
    app.use(compression());
    app.use(hitsFirst);
    app.get("/", (_req, res) => {
      res.type("html").send(`<p>Bonjour</p><script nonce="${res.locals.cspNonce}">2</script>`);
    });
    const local = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => local.once("listening", resolve));
    const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/`;
    try {
      await fetch(url);
      const hit = await fetch(url, { headers: { "Accept-Encoding": "br" } });
      expect(hit.headers.get("x-page-cache")).toBe("hit");
      expect(await hit.text()).toBe("<p>Bonjour</p><script>2</script>");
      expect(hit.headers.get("content-security-policy")).toContain(sha256("2"));
      expect(hit.headers.get("x-frame-options")).toBe("DENY");
      expect(laterMiddleware).toBe(1);
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  });

  it("expires pages after its time to live", async () => {
    const shortLived = pageCache({ ttlMs: 30 });
    const app = express();
    app.use(securityHeaders({ https: false, csp: true }));
    app.use(shortLived);
    let count = 0;
    app.get("/", (_req, res) => {
      count++;
      res.type("html").send(`<p>${count}</p>`);
    });
    const local = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => local.once("listening", resolve));
    const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/`;
    // The cache's clock, not the machine's: a busy machine must not expire the page between two
    // requests of this test.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      expect(await (await fetch(url)).text()).toBe("<p>1</p>");
      vi.setSystemTime(Date.now() + 29);
      expect(await (await fetch(url)).text()).toBe("<p>1</p>");
      vi.setSystemTime(Date.now() + 2);
      expect(await (await fetch(url)).text()).toBe("<p>2</p>");
    } finally {
      vi.useRealTimers();
      await new Promise((resolve) => local.close(resolve));
    }
  });
});

/** A stand-in for the other instances: records announcements, and can announce a write of theirs. */
function otherInstances() {
  let clear = () => {};
  const shared: SharedInvalidation & { announced: number; theyWrote(): void } = {
    announced: 0,
    announce() {
      shared.announced += 1;
    },
    onInvalidate(clearCache) {
      clear = clearCache;
    },
    theyWrote: () => clear(),
  };
  return shared;
}

/** A server with its own cache, whose page shows `state.stock` (and may be held mid-render). */
async function cachedServer(ttlMs: number, shared: SharedInvalidation) {
  const state: {
    stock: number;
    renders: number;
    /** When set, a render that has read the stock says so and waits for `release` before answering. */
    held?: { started: () => void; release: Promise<void> };
  } = { stock: 3, renders: 0 };
  const app = express();
  app.use(securityHeaders({ https: false, csp: true }));
  app.use(pageCache({ ttlMs, shared }));
  app.post("/stock", (_req, res) => {
    state.stock -= 1;
    res.status(204).end();
  });
  app.get("/", async (_req, res) => {
    state.renders++;
    const stock = state.stock;
    const held = state.held;
    if (held) {
      held.started();
      await held.release;
    }
    res.type("html").send(`<p>stock ${stock}</p>`);
  });
  const local = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => local.once("listening", resolve));
  const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
  return {
    state,
    url,
    page: async () => {
      const response = await fetch(`${url}/`);
      return { html: await response.text(), hit: response.headers.get("x-page-cache") === "hit" };
    },
    close: () => new Promise((resolve) => local.close(resolve)),
  };
}

describe("pageCache shared between instances", () => {
  it("announces each write to the other instances once it is done", async () => {
    const shared = otherInstances();
    const server = await cachedServer(60_000, shared);
    try {
      await server.page();
      expect(shared.announced).toBe(0);
      expect((await fetch(`${server.url}/stock`, { method: "POST" })).status).toBe(204);
      expect(shared.announced).toBe(1);
      expect((await server.page()).html).toBe("<p>stock 2</p>");
    } finally {
      await server.close();
    }
  });

  it("announces writes even when its own cache is off: the others may cache", async () => {
    const shared = otherInstances();
    const server = await cachedServer(0, shared);
    try {
      await fetch(`${server.url}/stock`, { method: "POST" });
      expect(shared.announced).toBe(1);
    } finally {
      await server.close();
    }
  });

  it("forgets every page when another instance wrote", async () => {
    const shared = otherInstances();
    const server = await cachedServer(60_000, shared);
    try {
      await server.page();
      expect((await server.page()).hit).toBe(true);
      server.state.stock = 1;
      shared.theyWrote();
      const after = await server.page();
      expect(after.hit).toBe(false);
      expect(after.html).toBe("<p>stock 1</p>");
    } finally {
      await server.close();
    }
  });

  it("does not keep a page whose render started before the cache was emptied", async () => {
    const shared = otherInstances();
    const server = await cachedServer(60_000, shared);
    try {
      let release = () => {};
      const started = new Promise<void>((resolve) => {
        server.state.held = { started: resolve, release: new Promise((done) => (release = done)) };
      });
      const rendering = server.page();
      await started;
      // Another instance commits a write while this render, past its read, still shows the old stock.
      server.state.stock = 1;
      shared.theyWrote();
      server.state.held = undefined;
      release();
      expect((await rendering).html).toBe("<p>stock 3</p>");
      const next = await server.page();
      expect(next.hit).toBe(false);
      expect(next.html).toBe("<p>stock 1</p>");
    } finally {
      await server.close();
    }
  });
});

describe("withoutNonce", () => {
  it("hashes only the inline scripts that carried the nonce, and removes it", () => {
    const page = withoutNonce(
      '<script nonce="abc">a()</script><script nonce="abc" src="/b.js"></script><script>c()</script><script type="application/ld+json">{}</script>',
      "abc",
    );
    expect(page).toEqual({
      html: '<script>a()</script><script src="/b.js"></script><script>c()</script><script type="application/ld+json">{}</script>',
      scriptHashes: [sha256("a()")],
    });
  });

  it("refuses to share a page where the nonce shows outside a nonce attribute", () => {
    expect(withoutNonce('<script nonce="abc">x</script><p>abc</p>', "abc")).toBeNull();
  });
});

describe("acceptedEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(acceptedEncoding("gzip, deflate, br")).toBe("br");
    expect(acceptedEncoding("gzip, br;q=0")).toBe("gzip");
    expect(acceptedEncoding("br;q=0.0, gzip;q=0")).toBe("identity");
    expect(acceptedEncoding("deflate")).toBe("identity");
    expect(acceptedEncoding("*")).toBe("gzip");
    expect(acceptedEncoding(undefined)).toBe("identity");
  });
});

describe("withInlineStylesheets", () => {
  const stylesheets: Record<string, string> = {
    "/assets/root-a1.css": "body{margin:0}",
    "/assets/cards-b2.css": "._card_x{color:red}",
  };
  it("writes each build stylesheet before its link, which then applies to print only", () => {
    const html =
      '<head><link rel="stylesheet" href="/assets/cards-b2.css#"/><link rel="stylesheet" href="/assets/root-a1.css"/><link rel="icon" href="/favicon.ico"/></head>';
    expect(withInlineStylesheets(html, (href) => stylesheets[href])).toBe(
      '<head><style data-href="/assets/cards-b2.css">._card_x{color:red}</style><link rel="stylesheet" media="print" href="/assets/cards-b2.css#"/>' +
        '<style data-href="/assets/root-a1.css">body{margin:0}</style><link rel="stylesheet" media="print" href="/assets/root-a1.css"/>' +
        '<link rel="icon" href="/favicon.ico"/></head>',
    );
  });

  it("leaves a link alone when its stylesheet is unknown or could close the style element", () => {
    const unknown = '<link rel="stylesheet" href="/assets/other-c3.css"/>';
    expect(withInlineStylesheets(unknown, (href) => stylesheets[href])).toBe(unknown);
    const closing = '<link rel="stylesheet" href="/assets/root-a1.css"/>';
    expect(withInlineStylesheets(closing, () => "a{}</style><script>x()</script>")).toBe(closing);
  });
});
