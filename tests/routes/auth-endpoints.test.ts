/**
 * Better Auth's endpoints (docs/security.md, "Comptes"), a route test: the app in this process over
 * real HTTP. Only the endpoints the shop uses are open; signup answers the same for a taken address;
 * failed sign-ins are limited per account. That the limits survive a restart of the server is a
 * process test: tests/integration/rate-limits-restart.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_CUSTOMER, queryDatabase, signIn } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let server: TestShop;
let customer: string;
let admin: string;

beforeAll(async () => {
  server = await startTestShop("comptes", { TRUST_PROXY: "1" });
  customer = await signIn(server.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  admin = await signIn(server.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const CLOSED: [method: string, path: string][] = [
  ["POST", "/update-user"],
  ["POST", "/change-email"],
  ["POST", "/change-password"],
  ["POST", "/set-password"],
  ["POST", "/delete-user"],
  ["GET", "/delete-user/callback"],
  ["GET", "/list-sessions"],
  ["POST", "/revoke-session"],
  ["POST", "/revoke-sessions"],
  ["POST", "/revoke-other-sessions"],
  ["POST", "/update-session"],
  ["POST", "/verify-password"],
  ["POST", "/send-verification-email"],
  ["GET", "/verify-email"],
  ["GET", "/list-accounts"],
  ["POST", "/unlink-account"],
  ["POST", "/link-social"],
  ["POST", "/sign-in/social"],
  ["POST", "/refresh-token"],
  ["POST", "/get-access-token"],
  ["GET", "/account-info"],
  ["GET", "/ok"],
  ["GET", "/error"],
  ["POST", "/admin/set-role"],
  ["POST", "/admin/create-user"],
  ["GET", "/admin/list-users"],
  ["GET", "/admin/get-user"],
  ["POST", "/admin/update-user"],
  ["POST", "/admin/ban-user"],
  ["POST", "/admin/unban-user"],
  ["POST", "/admin/impersonate-user"],
  ["POST", "/admin/stop-impersonating"],
  ["POST", "/admin/set-user-password"],
  ["POST", "/admin/remove-user"],
  ["POST", "/admin/list-user-sessions"],
  ["POST", "/admin/revoke-user-session"],
  ["POST", "/admin/revoke-user-sessions"],
  ["POST", "/admin/has-permission"],
  // The same, spelled so a lax router might still read it.
  ["POST", "/update%2Duser"],
  ["POST", "/admin%2Fset-role"],
  ["POST", "/sign-up/email/../../update-user"],
];

describe("Better Auth endpoints the shop does not use", () => {
  it("answer a French 404 to everyone, admin included, and change nothing", async () => {
    const users = () => queryDatabase(server.dataDir, (db) => db.all("select * from users order by id"));
    const before = await users();
    for (const cookie of ["", customer, admin]) {
      for (const [method, path] of CLOSED) {
        const response = await fetch(`${server.url}/api/auth${path}`, {
          method,
          headers: { cookie, origin: server.url, "content-type": "application/json" },
          body:
            method === "POST" ? JSON.stringify({ name: "Pirate", role: "admin", userId: "x" }) : undefined,
        });
        const label = `${method} ${path} (${cookie === admin ? "admin" : cookie ? "cliente" : "anonyme"})`;
        expect(response.status, label).toBe(404);
        expect(await response.json(), label).toEqual({
          code: "NOT_FOUND",
          message: "Cette fonction n'est pas proposée par Nacre.",
        });
      }
    }
    expect(await users()).toEqual(before);
  });

  it("the ones it uses stay open", async () => {
    const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie: customer } });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(DEMO_CUSTOMER.email);
    const link = await fetch(
      `${server.url}/api/auth/reset-password/jetonInconnu123?callbackURL=%2Freinitialiser-mot-de-passe`,
      {
        redirect: "manual",
      },
    );
    expect(link.status).toBe(302);
    expect(link.headers.get("location")).toContain("/reinitialiser-mot-de-passe?error=INVALID_TOKEN");
  });
});

describe("signup does not tell whether an address has an account", () => {
  const raw = (email: string, address: string) =>
    fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ email, password: "Motdepasse-2026", name: "Curieuse" }),
    });
  const keysOf = (body: { user: Record<string, unknown> }) => [Object.keys(body), Object.keys(body.user)];

  it("the raw API answers 200 with the same body shape for a taken address, and signs nobody in", async () => {
    const fresh = await raw(`nouvelle-${Date.now()}@exemple.fr`, "10.88.0.1");
    const taken = await raw(DEMO_CUSTOMER.email, "10.88.0.2");
    expect(fresh.status).toBe(200);
    expect(taken.status).toBe(200);
    expect(keysOf(await taken.json())).toEqual(keysOf(await fresh.json()));
    expect(taken.headers.getSetCookie()).toEqual([]);
  });

  it("the form says what any failed signup says, and signs nobody in", async () => {
    const response = await fetch(`${server.url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: server.url,
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "10.88.0.3",
      },
      body: new URLSearchParams({
        intent: "signup",
        name: "Curieuse",
        email: DEMO_CUSTOMER.email,
        password: "Motdepasse-2026",
        passwordConfirm: "Motdepasse-2026",
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Erreur lors de l&#x27;inscription.");
    expect(response.headers.getSetCookie().some((cookie) => cookie.includes("session_token"))).toBe(false);
  });
});

describe("failed sign-ins per account", () => {
  it("ten failures from ten client addresses lock that account with a French 429", async () => {
    const login = (password: string, address: string) =>
      fetch(`${server.url}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: server.url,
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": address,
        },
        body: new URLSearchParams({ intent: "login", email: "cible-rafale@exemple.fr", password }),
      });
    await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json", "x-forwarded-for": "10.89.0.250" },
      body: JSON.stringify({
        email: "cible-rafale@exemple.fr",
        password: "Bon-motdepasse-2026",
        name: "Cible",
      }),
    });
    for (let i = 1; i <= 10; i++)
      expect((await login(`faux-motdepasse-${i}`, `10.89.0.${i}`)).status).toBe(401);
    const locked = await login("Bon-motdepasse-2026", "10.89.0.100");
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain(
      "Trop de tentatives. Patientez quelques minutes avant de réessayer.",
    );
  });
});
