/**
 * Going live (ADR 011): a production shop on a public address, started with no ADMIN_PASSWORD, holds
 * no demo data and no known password; the password it generates is printed once; no password,
 * reset token, session cookie, AUTH_SECRET or database password reaches the output in any run. (A
 * production shop on a local address seeds the demo with a generated customer password printed
 * once: tests/integration/server.test.ts, where the seeding is tested.)
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  databaseEnvOf,
  freePort,
  newDataDir,
  queryDatabase,
  type ShopServer,
  signIn,
  startServer,
  stopServer,
  waitHealthy,
} from "../support/shop-server";

const servers: ShopServer[] = [];
afterAll(async () => {
  for (const server of servers) await stopServer(server);
});

const port = await freePort();
const dataDir = newDataDir("premier-demarrage");
// A public address: the shop behaves as it would online. "" unsets what shop-server.ts presets.
const productionEnv = {
  PUBLIC_URL: "https://bijoux-nacre.example",
  ADMIN_PASSWORD: "",
  DEMO_PASSWORD: "",
  SEED_DEMO: "",
  BACKUP_INTERVAL_HOURS: "0",
};

async function start(env: Record<string, string> = {}) {
  const server = startServer({ port, dataDir, env: { ...productionEnv, ...env } });
  servers.push(server);
  await waitHealthy(server);
  return server;
}

async function form(url: string, pathname: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url, cookie },
    body: new URLSearchParams(fields),
  });
}

/** The output of every run, for the final look for secrets. */
const outputs: string[] = [];
const secrets: string[] = [];

describe("first start in production with no ADMIN_PASSWORD", () => {
  let generated = "";

  it("creates no demo data and prints a random admin password once, with the e-mail", async () => {
    const server = await start();
    const banner = server.output();
    const match = banner.match(/Administratrice : admin@nacre\.test \/ mot de passe : (\S+)/);
    expect(match, banner).not.toBeNull();
    generated = match?.[1] ?? "";
    secrets.push(generated);
    expect(generated).toMatch(/^([A-Za-z2-9]{5}-){3}[A-Za-z2-9]{5}$/);
    expect(banner.split(generated).length - 1).toBe(1);
    expect(banner).not.toContain("Cliente de démonstration");
    const { DATABASE_URL } = databaseEnvOf(dataDir);
    if (DATABASE_URL) {
      // On PostgreSQL the banner says which database, its password masked.
      const { protocol, username, host, pathname } = new URL(DATABASE_URL);
      expect(banner).toContain(`Base de données : ${protocol}//${username}:[masqué]@${host}${pathname}\n`);
    } else expect(banner).not.toContain("Base de données");
    const counts = await queryDatabase(dataDir, async (db) => ({
      products: (await db.get<{ n: number }>("select count(*) as n from products"))?.n,
      users: await db.all("select email, role from users"),
    }));
    expect(counts).toEqual({ products: 0, users: [{ email: "admin@nacre.test", role: "admin" }] });
  });

  it("refuses the password the README used to print, accepts the generated one", async () => {
    const url = servers[0]?.url as string;
    const refused = await form(url, "/auth", {
      intent: "login",
      email: "admin@nacre.test",
      password: "Admin-Nacre-2026",
    });
    expect(refused.status).toBe(401);
    const cookie = await signIn(url, "admin@nacre.test", generated);
    // Every cookie's value but the account hint's ("admin": nothing secret by design, ADR 036).
    const secretCookies = cookie.split("; ").filter((pair) => !pair.startsWith("nacre_compte="));
    expect(secretCookies.length).toBeGreaterThan(0);
    secrets.push(...secretCookies.map((pair) => pair.slice(pair.indexOf("=") + 1)));
    expect((await fetch(`${url}/admin`, { headers: { cookie }, redirect: "manual" })).status).toBe(200);
  });

  it("logs no reset token nor new password through a whole password reset", async () => {
    const server = servers[0] as ShopServer;
    const asked = await form(server.url, "/auth", { intent: "forgot", email: "admin@nacre.test" });
    expect(asked.status).toBe(200);
    const outbox = path.join(dataDir, "outbox");
    let mail = "";
    for (let i = 0; i < 100 && !mail; i++) {
      // Whole messages only: a file being written has a hidden temporary name (ADR 025).
      const files = fs.existsSync(outbox)
        ? fs.readdirSync(outbox).filter((name) => name.endsWith(".eml"))
        : [];
      if (files[0]) mail = fs.readFileSync(path.join(outbox, files[0]), "utf8").replace(/=\r?\n/g, "");
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const link = mail.match(/https:\/\/bijoux-nacre\.example(\/api\/auth\/reset-password\/[^\s?]+\?\S+)/);
    expect(link, mail).not.toBeNull();
    const linkPath = (link?.[1] ?? "").replace(/=3D/g, "=");
    const token = linkPath.split("/")[4]?.split("?")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    secrets.push(token);
    // The link as the browser follows it: Better Auth checks the token and sends to the form.
    const followed = await fetch(`${server.url}${linkPath}`, { redirect: "manual" });
    expect(followed.status).toBe(302);
    const newPassword = "Nouveau-Mot-De-Passe-2026";
    secrets.push(newPassword);
    const reset = await form(server.url, "/reinitialiser-mot-de-passe", {
      token,
      password: newPassword,
      passwordConfirm: newPassword,
    });
    expect(reset.status).toBe(302);
    await signIn(server.url, "admin@nacre.test", newPassword);
    // Lines are written when answers have gone out.
    for (let i = 0; i < 100 && !server.output().includes('"path":"/api/auth/reset-password/'); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.output()).toContain('"path":"/api/auth/reset-password/[masqué]?callbackURL=[masqué]"');
    await stopServer(server);
    outputs.push(server.output());
  });

  it("prints no password at a second start, nor one given through the environment", async () => {
    const environmentPassword = "Mot-De-Passe-Environnement-2026";
    secrets.push(environmentPassword);
    const second = await start({ ADMIN_PASSWORD: environmentPassword });
    const banner = second.output();
    expect(banner).toContain("Administratrice : admin@nacre.test");
    expect(banner).toContain("npm run admin:password");
    expect(banner).not.toMatch(/mot de passe : \S/);
    await stopServer(second);
    outputs.push(second.output());
  });

  it("leaves no password, token, cookie or secret in any run's output, except the one banner line", () => {
    // The shop's own secrets: the AUTH_SECRET it was given (PostgreSQL) or made in DATA_DIR, and
    // the password of the database it connects to (PostgreSQL: inside DATABASE_URL).
    const { DATABASE_URL, AUTH_SECRET } = databaseEnvOf(dataDir);
    secrets.push(AUTH_SECRET ?? fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim());
    if (DATABASE_URL) {
      const databasePassword = decodeURIComponent(new URL(DATABASE_URL).password);
      expect(databasePassword).not.toBe("");
      secrets.push(databasePassword);
    }
    const [first, ...rest] = outputs;
    const withoutBanner = (first ?? "").replace(`mot de passe : ${secrets[0]}`, "");
    for (const output of [withoutBanner, ...rest]) {
      for (const secret of [...secrets, "Admin-Nacre-2026", "Cliente-Nacre-2026"]) {
        expect(output).not.toContain(secret);
      }
    }
  });
});
