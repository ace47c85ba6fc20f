import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseEnv } from "../../tests/support/test-database";
import { migrateToLatest, openDatabase } from "./database.server";
import { createRateLimiter } from "./rate-limit.server";

// On the run's back end: the SQLite file in dataDir, or a fresh PostgreSQL database.
const location = {
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "nacre-limites-")),
  ...testDatabaseEnv("limites"),
};
let handle = openDatabase(location);
beforeAll(async () => {
  await migrateToLatest(handle.db);
});
afterAll(() => handle.close());

const rule = { scope: "essai", max: 3, windowMs: 60_000 };

async function inOrder<T>(runs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (const run of runs) results.push(await run());
  return results;
}

describe("the shop's rate limiter (stored in the database)", () => {
  it("allows max attempts per window and key, counts refused ones, and opens a new window after", async () => {
    const limiter = createRateLimiter(handle.db, rule);
    const t = 1_000_000;
    expect(await inOrder([1, 2, 3, 4].map((i) => () => limiter.attempt("a", t + i)))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(await limiter.attempt("b", t + 5)).toBe(true);
    expect(await limiter.attempt("a", t + 59_999)).toBe(false);
    expect(await limiter.attempt("a", t + 60_001)).toBe(true);
  });

  it("keeps scopes apart, reads without counting, and forgets a key on reset", async () => {
    const one = createRateLimiter(handle.db, { ...rule, scope: "un" });
    const two = createRateLimiter(handle.db, { ...rule, scope: "deux" });
    const t = 2_000_000;
    for (let i = 0; i < 3; i++) await one.attempt("k", t);
    expect(await one.isLimited("k", t)).toBe(true);
    expect(await one.isLimited("k", t)).toBe(true);
    expect(await two.isLimited("k", t)).toBe(false);
    expect(await one.isLimited("k", t + 60_000)).toBe(false);
    await one.reset("k");
    expect(await one.attempt("k", t + 1)).toBe(true);
  });

  it("counts a burst of concurrent attempts exactly: max allowed, the rest refused", async () => {
    const limiter = createRateLimiter(handle.db, { ...rule, scope: "rafale", max: 10 });
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 40 }, () => limiter.attempt("5.6.7.8", now)));
    expect(results.filter(Boolean)).toHaveLength(10);
  });

  it("a limit reached before a restart still applies after it", async () => {
    const before = createRateLimiter(handle.db, { ...rule, scope: "redemarrage" });
    const now = Date.now();
    for (let i = 0; i < 3; i++) expect(await before.attempt("1.2.3.4", now)).toBe(true);
    await handle.close();
    handle = openDatabase(location);
    const after = createRateLimiter(handle.db, { ...rule, scope: "redemarrage" });
    expect(await after.attempt("1.2.3.4", now + 1)).toBe(false);
  });

  it("purges the rows whose window has passed", async () => {
    const limiter = createRateLimiter(handle.db, { ...rule, scope: "purge" });
    const t = 10_000_000;
    for (let i = 0; i < 50; i++) await limiter.attempt(`ancienne-${i}`, t);
    await limiter.attempt("recente", t + 10 * 60_000);
    const rows = await handle.db
      .selectFrom("rate_limits")
      .select("key")
      .where("scope", "=", "purge")
      .execute();
    expect(rows).toEqual([{ key: "recente" }]);
  });
});
