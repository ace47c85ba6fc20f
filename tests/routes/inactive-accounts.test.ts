/**
 * Inactive accounts (docs/product.md §10.21), a route test: the app in this process over real HTTP,
 * on both back ends. Signing in records the account's last activity and withdraws an inactivity
 * warning. That a signed-in page read records it too, and that the daily pass runs shortly after
 * start, need a fresh process (its in-memory note of recent writes, its start-up schedule): they are
 * process tests, tests/integration/inactive-accounts.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

const LONG_AGO = "2020-01-01T00:00:00.000Z";

let server: TestShop;

type Dates = { id: string; last_active_at: string | null; inactivity_warned_at: string | null };

function account(email: string): Promise<Dates | undefined> {
  return queryDatabase(server.dataDir, (db) =>
    db.get<Dates>("select id, last_active_at, inactivity_warned_at from users where email = ?", email),
  );
}

beforeAll(async () => {
  // No pass runs here: server.ts starts the schedule, the in-process app does not.
  server = await startTestShop("inactivite");
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("last activity", () => {
  it("records the last activity at sign-in", async () => {
    await signUp(server.url, "lectrice@exemple.fr", "Lectrice");
    await queryDatabase(server.dataDir, (db) =>
      db.run(
        "update users set last_active_at = ?, inactivity_warned_at = ? where email = ?",
        LONG_AGO,
        LONG_AGO,
        "lectrice@exemple.fr",
      ),
    );
    const before = Date.now();
    await signIn(server.url, "lectrice@exemple.fr", "Motdepasse-2026");
    const after = await account("lectrice@exemple.fr");
    expect(Date.parse(after?.last_active_at ?? "")).toBeGreaterThanOrEqual(before - 1000);
    expect(after?.inactivity_warned_at).toBeNull();
  });
});
