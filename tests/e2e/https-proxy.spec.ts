/**
 * The production topology of README "Mettre en ligne": Caddy in front (deploy/Caddyfile, run as
 * shipped under deploy/Caddyfile.test's options: Caddy's internal certificate authority, loopback
 * ports, no admin endpoint, nothing fetched from the internet) and the built shop behind it with
 * PUBLIC_URL=https://… and TRUST_PROXY=1. A second pair runs the shop without TRUST_PROXY.
 *
 * Clients with different addresses are real: Node requests leave from 127.0.0.2, 127.0.0.3… (the
 * whole 127/8 is the loopback), so Caddy sees and reports a different address for each.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import {
  freePort,
  newDataDir,
  root,
  type ShopServer,
  startServer,
  stopServer,
  waitHealthy,
} from "../support/shop-server";
import { expect, test } from "./fixtures";

type Site = { shop: ShopServer; caddy: ChildProcess; url: string; port: number; logs: () => string };

const sites: { trusted?: Site; untrusted?: Site } = {};
const tempDirs: string[] = [];

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One HTTPS request from a chosen loopback address, trusting Caddy's internal certificate. */
function request(
  port: number,
  options: { path: string; from: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port,
        path: options.path,
        method: options.method ?? "GET",
        localAddress: options.from,
        rejectUnauthorized: false,
        agent: false,
        headers: { host: `localhost:${port}`, ...options.headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A sign-in attempt with a wrong password: 401 while allowed, 429 once the address is rate-limited. */
/**
 * Each attempt names another account: the per-account limit (ten failures per e-mail, from any
 * address: docs/security.md) is its own rule; these tests are about the per-address one.
 */
let attempts = 0;
const anotherEmail = () => `personne-${++attempts}@exemple.fr`;

async function failedSignIn(site: Site, from: string, forwardedFor?: string) {
  const answer = await request(site.port, {
    path: "/api/auth/sign-in/email",
    method: "POST",
    from,
    headers: {
      "content-type": "application/json",
      origin: site.url,
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
    },
    body: JSON.stringify({ email: anotherEmail(), password: "Mauvais-mot-2026" }),
  });
  return answer.status;
}

async function startSite(label: string, trustProxy: boolean): Promise<Site> {
  const [shopPort, httpsPort, httpPort] = [await freePort(), await freePort(), await freePort()];
  const url = `https://localhost:${httpsPort}`;
  const dataDir = newDataDir(`https-${label}`);
  const caddyHome = fs.mkdtempSync(path.join(os.tmpdir(), `nacre-caddy-${label}-`));
  tempDirs.push(dataDir, caddyHome);
  const shop = startServer({
    port: shopPort,
    dataDir,
    env: { PUBLIC_URL: url, TRUST_PROXY: trustProxy ? "1" : "0", SEED_DEMO: "0" },
  });
  let logs = "";
  const caddy = spawn(
    process.env.CADDY_PATH || "caddy",
    ["run", "--config", path.join(root, "deploy/Caddyfile.test"), "--adapter", "caddyfile"],
    {
      env: {
        PATH: process.env.PATH,
        HOME: caddyHome,
        XDG_DATA_HOME: caddyHome,
        XDG_CONFIG_HOME: caddyHome,
        NACRE_DOMAIN: "localhost",
        NACRE_UPSTREAM: `127.0.0.1:${shopPort}`,
        NACRE_HTTPS_PORT: String(httpsPort),
        NACRE_HTTP_PORT: String(httpPort),
        NACRE_CADDY_STORAGE: path.join(caddyHome, "storage"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  caddy.stdout?.on("data", (chunk) => {
    logs += chunk;
  });
  caddy.stderr?.on("data", (chunk) => {
    logs += chunk;
  });
  const site = { shop, caddy, url, port: httpsPort, logs: () => logs };
  await waitHealthy(shop);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (caddy.exitCode !== null) throw new Error(`Caddy s'est arrêté (${caddy.exitCode}) :\n${logs}`);
    const answer = await request(httpsPort, { path: "/healthz", from: "127.0.0.1" }).catch(() => null);
    if (answer?.status === 200) return site;
    if (Date.now() > deadline) throw new Error(`Caddy ne répond pas en https :\n${logs}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopSite(site: Site | undefined) {
  if (!site) return;
  if (site.caddy.exitCode === null && site.caddy.signalCode === null) {
    const exited = new Promise((resolve) => site.caddy.once("exit", resolve));
    site.caddy.kill("SIGTERM");
    await exited;
  }
  await stopServer(site.shop);
}

// Serial: the tests share the two shops and Caddys beforeAll starts (a second worker would start its own).
test.describe.configure({ mode: "serial" });
// Caddy's internal authority is not in the browser's trust store. ignoreHTTPSErrors covers pages and
// fetches, but Chromium still refuses to install the service worker from an untrusted certificate.
test.use({
  ignoreHTTPSErrors: true,
  allowedConsoleErrors: /SSL certificate error occurred when fetching the script/,
});

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [sites.trusted, sites.untrusted] = await Promise.all([
    startSite("proxy", true),
    startSite("direct", false),
  ]);
});

test.afterAll(async () => {
  await Promise.all([stopSite(sites.trusted), stopSite(sites.untrusted)]);
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

test.describe("behind Caddy over https", () => {
  test("the shop answers on https with HSTS; a new account's session cookie is __Secure- and Secure", async ({
    page,
    context,
  }) => {
    const site = sites.trusted as Site;
    const response = await page.goto(`${site.url}/catalogue`);
    expect(response?.status()).toBe(200);
    expect(response?.url()).toBe(`${site.url}/catalogue`);
    expect(response?.headers()["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const email = `https-${Date.now()}@exemple.fr`;
    await page.goto(`${site.url}/auth?vue=inscription`);
    await page.getByLabel("Nom", { exact: true }).fill("Moana Tetuanui");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Mot de passe", { exact: true }).fill("Perle-noire-2026");
    await page.getByLabel("Confirmation du mot de passe").fill("Perle-noire-2026");
    await page.getByRole("button", { name: "Créer mon compte" }).click();
    await expect(page).toHaveURL(`${site.url}/mon-compte`);

    const session = (await context.cookies(site.url)).find((cookie) => cookie.name.includes("session_token"));
    expect(session).toMatchObject({
      name: "__Secure-nacre.session_token",
      secure: true,
      httpOnly: true,
      sameSite: "Lax",
    });
    await page.reload();
    await expect(page).toHaveURL(`${site.url}/mon-compte`);
  });

  test("with TRUST_PROXY=1 each client is counted by the address Caddy saw, forged X-Forwarded-For ignored", async () => {
    const site = sites.trusted as Site;
    // Ten failed sign-ins a minute per address (app/features/auth/auth.server.ts), each with another
    // forged X-Forwarded-For: Caddy replaces the header, the forged values never count.
    for (let i = 1; i <= 10; i++) {
      expect(await failedSignIn(site, "127.0.0.2", `203.0.113.${i}`)).toBe(401);
    }
    expect(await failedSignIn(site, "127.0.0.2", "203.0.113.99")).toBe(429);
    // Another visitor, another address: not blocked by the first one's attempts.
    expect(await failedSignIn(site, "127.0.0.3")).toBe(401);
  });

  test("with TRUST_PROXY=1 behind a proxy that appends (nginx), only the entry the proxy added counts", async () => {
    const shop = (sites.trusted as Site).shop;
    // As nginx's $proxy_add_x_forwarded_for does: whatever the client sent, then the address it saw.
    const attempt = (forged: string) =>
      fetch(`${shop.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: (sites.trusted as Site).url,
          "x-forwarded-for": `${forged}, 198.51.100.7`,
        },
        body: JSON.stringify({ email: anotherEmail(), password: "Mauvais-mot-2026" }),
      }).then((response) => response.status);
    for (let i = 1; i <= 10; i++) expect(await attempt(`203.0.113.${i}`)).toBe(401);
    expect(await attempt("203.0.113.99")).toBe(429);
  });

  test("without TRUST_PROXY the shop ignores X-Forwarded-For: every client shares Caddy's address", async () => {
    const site = sites.untrusted as Site;
    for (let i = 1; i <= 10; i++) {
      expect(await failedSignIn(site, "127.0.0.2", `203.0.113.${i}`)).toBe(401);
    }
    // Another visitor is blocked too: the shop only sees Caddy (127.0.0.1) — why the deployment
    // sets TRUST_PROXY=1.
    expect(await failedSignIn(site, "127.0.0.3")).toBe(429);
  });

  test("Caddy ran without reaching the internet or the system's trust store", async () => {
    const logs = `${(sites.trusted as Site).logs()}\n${(sites.untrusted as Site).logs()}`;
    expect(logs).not.toMatch(/acme|letsencrypt|zerossl|installing root certificate/i);
  });
});
