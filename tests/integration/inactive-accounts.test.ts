/**
 * Inactive accounts (docs/product.md §10.21), a process test on the built server, on both back
 * ends: what needs a fresh process. A signed-in page read records the account's last activity (a
 * restarted process remembers no recent write of it: its in-memory note is gone), and the daily
 * pass that server.ts schedules at start runs shortly after it: an account past the inactivity
 * limit, warned long ago, is deleted, while an admin account inactive for ten years stays. That a
 * sign-in records the activity is a route test: tests/routes/inactive-accounts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ADMIN,
  queryDatabase,
  type ShopServer,
  signIn,
  signUp,
  startServer,
  startShop,
  stopServer,
  waitHealthy,
} from "../support/shop-server";

const YEAR_MS = 365 * 86_400_000;
const LONG_AGO = "2020-01-01T00:00:00.000Z";

let server: ShopServer;

type Dates = { id: string; last_active_at: string | null; inactivity_warned_at: string | null };

function account(email: string): Promise<Dates | undefined> {
  return queryDatabase(server.dataDir, (db) =>
    db.get<Dates>("select id, last_active_at, inactivity_warned_at from users where email = ?", email),
  );
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let reader: string;

beforeAll(async () => {
  // No pass during the first part: the accounts are dated by hand before the restart.
  server = await startShop("inactivite", { INACTIVITY_FIRST_PASS_SECONDS: "3600" });
  await signUp(server.url, "lectrice@exemple.fr", "Lectrice");
  reader = await signIn(server.url, "lectrice@exemple.fr", "Motdepasse-2026");
}, 120_000);

afterAll(async () => {
  await stopServer(server);
});

describe("last activity and the inactivity pass", () => {
  it("records a signed-in page read, and runs a pass shortly after start", async () => {
    await signUp(server.url, "endormie@exemple.fr", "Endormie");
    const now = Date.now();
    await queryDatabase(server.dataDir, async (db) => {
      // Created five years ago, last seen four years ago, warned a year ago: past the limit.
      await db.run(
        "update users set created_at = ?, last_active_at = ?, inactivity_warned_at = ? where email = ?",
        new Date(now - 5 * YEAR_MS).toISOString(),
        new Date(now - 4 * YEAR_MS).toISOString(),
        new Date(now - YEAR_MS).toISOString(),
        "endormie@exemple.fr",
      );
      // The admin, never seen for ten years: never warned nor deleted.
      await db.run(
        "update users set created_at = ?, last_active_at = null, inactivity_warned_at = null where email = ?",
        new Date(now - 10 * YEAR_MS).toISOString(),
        DEMO_ADMIN.email,
      );
      await db.run("update users set last_active_at = ? where email = ?", LONG_AGO, "lectrice@exemple.fr");
    });
    expect(await account("endormie@exemple.fr")).toBeDefined();

    // Restarted (a fresh process remembers no recent write), with the first pass a second after start.
    await stopServer(server);
    server = startServer({
      port: server.port,
      dataDir: server.dataDir,
      env: { INACTIVITY_FIRST_PASS_SECONDS: "1" },
    });
    await waitHealthy(server);

    const page = await fetch(`${server.url}/mon-compte`, { headers: { cookie: reader }, redirect: "manual" });
    expect(page.status).toBe(200);
    const seen = await until(
      () => account("lectrice@exemple.fr"),
      (row) => row?.last_active_at !== LONG_AGO,
    );
    expect(Date.parse(seen?.last_active_at ?? "")).toBeGreaterThanOrEqual(now - 1000);

    expect(
      await until(
        () => account("endormie@exemple.fr"),
        (row) => row === undefined,
      ),
    ).toBeUndefined();
    expect(server.output()).toContain("Comptes inactifs : 0 prévenu(s), 1 supprimé(s)");
    expect(await account(DEMO_ADMIN.email)).toMatchObject({
      last_active_at: null,
      inactivity_warned_at: null,
    });
    expect(await account("lectrice@exemple.fr")).toBeDefined();
  }, 120_000);
});
