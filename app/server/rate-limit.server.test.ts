import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "./database.server";
import { createRateLimiter } from "./rate-limit.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-limites-"));
let handle = openDatabase(dataDir);
beforeAll(async () => {
  await migrateToLatest(handle.db);
});
afterAll(() => handle.sqlite.close());

const rule = { scope: "essai", max: 3, windowMs: 60_000 };

describe("the shop's rate limiter (stored in the database)", () => {
  it("allows max attempts per window and key, counts refused ones, and opens a new window after", () => {
    const limiter = createRateLimiter(handle.sqlite, rule);
    const t = 1_000_000;
    expect([1, 2, 3, 4].map((i) => limiter.attempt("a", t + i))).toEqual([true, true, true, false]);
    expect(limiter.attempt("b", t + 5)).toBe(true);
    expect(limiter.attempt("a", t + 59_999)).toBe(false);
    expect(limiter.attempt("a", t + 60_001)).toBe(true);
  });

  it("keeps scopes apart, reads without counting, and forgets a key on reset", () => {
    const one = createRateLimiter(handle.sqlite, { ...rule, scope: "un" });
    const two = createRateLimiter(handle.sqlite, { ...rule, scope: "deux" });
    const t = 2_000_000;
    for (let i = 0; i < 3; i++) one.attempt("k", t);
    expect(one.isLimited("k", t)).toBe(true);
    expect(one.isLimited("k", t)).toBe(true);
    expect(two.isLimited("k", t)).toBe(false);
    expect(one.isLimited("k", t + 60_000)).toBe(false);
    one.reset("k");
    expect(one.attempt("k", t + 1)).toBe(true);
  });

  it("a limit reached before a restart still applies after it", async () => {
    const before = createRateLimiter(handle.sqlite, { ...rule, scope: "redemarrage" });
    const now = Date.now();
    for (let i = 0; i < 3; i++) expect(before.attempt("1.2.3.4", now)).toBe(true);
    handle.sqlite.close();
    handle = openDatabase(dataDir);
    const after = createRateLimiter(handle.sqlite, { ...rule, scope: "redemarrage" });
    expect(after.attempt("1.2.3.4", now + 1)).toBe(false);
  });

  it("purges the rows whose window has passed", () => {
    const limiter = createRateLimiter(handle.sqlite, { ...rule, scope: "purge" });
    const t = 10_000_000;
    for (let i = 0; i < 50; i++) limiter.attempt(`ancienne-${i}`, t);
    limiter.attempt("recente", t + 10 * 60_000);
    const rows = handle.sqlite.prepare("select key from rate_limits where scope = 'purge'").all();
    expect(rows).toEqual([{ key: "recente" }]);
  });
});
