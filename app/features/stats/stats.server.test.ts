/**
 * The counters' storage (ADR 034), on both back ends (the upsert is each dialect's own): a batch
 * written by one upsert per row and added to what is there, nothing lost when the process stops or
 * the database fails, unique visitors once a day per address and user agent, a new salt each day;
 * the dashboard's figures per period; the purge of what is older than 25 months.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { createStatsRecorder } from "./stats-recorder.server";
import {
  oldestKeptDay,
  parsePeriod,
  periodDays,
  purgeOldStatistics,
  statsReport,
} from "./stats-report.server";

let ctx: AppContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.deleteFrom("stats_daily").execute();
});

const rows = () =>
  ctx.db.selectFrom("stats_daily").selectAll().orderBy("day").orderBy("kind").orderBy("key").execute();

/** 14:00 in Paris on a given day of November 2026 (UTC+1). */
const parisAfternoon = (day: number) => new Date(`2026-11-${String(day).padStart(2, "0")}T13:00:00Z`);

describe("the recorder", () => {
  it("writes a batch by upserts added to the day's rows, then nothing more until new counts", async () => {
    let now = parisAfternoon(20);
    const stats = createStatsRecorder({ db: ctx.db, flushEveryMs: 3_600_000, now: () => now });
    stats.count("page_view", "/catalogue");
    stats.count("page_view", "/catalogue");
    stats.count("piece_view", "collier-lagon");
    stats.count("order_paid");
    expect(await rows()).toEqual([]);
    await stats.flush();
    expect(await rows()).toEqual([
      { day: "2026-11-20", kind: "order_paid", key: "", count: 1 },
      { day: "2026-11-20", kind: "page_view", key: "/catalogue", count: 2 },
      { day: "2026-11-20", kind: "piece_view", key: "collier-lagon", count: 1 },
    ]);
    // A second batch adds to the rows already written (another instance's, or this one's).
    stats.count("page_view", "/catalogue");
    now = parisAfternoon(21);
    stats.count("page_view", "/catalogue");
    await stats.flush();
    await stats.flush();
    expect((await rows()).filter((row) => row.kind === "page_view")).toEqual([
      { day: "2026-11-20", kind: "page_view", key: "/catalogue", count: 3 },
      { day: "2026-11-21", kind: "page_view", key: "/catalogue", count: 1 },
    ]);
    await stats.stop();
  });

  it("counts by the shop's day: 23:30 UTC is already tomorrow in Paris", async () => {
    const stats = createStatsRecorder({ db: ctx.db, now: () => new Date("2026-11-20T23:30:00Z") });
    stats.count("cart_add", "p1");
    await stats.stop();
    expect(await rows()).toEqual([{ day: "2026-11-21", kind: "cart_add", key: "p1", count: 1 }]);
  });

  it("writes what was counted when it stops, and keeps a failed batch for the next", async () => {
    const stats = createStatsRecorder({ db: ctx.db, now: () => parisAfternoon(22) });
    for (let i = 0; i < 250; i++) stats.count("page_view", `/page-${i % 50}`);
    await stats.stop();
    const written = await rows();
    expect(written).toHaveLength(50);
    expect(written.reduce((sum, row) => sum + row.count, 0)).toBe(250);

    // A database that refuses the batch (the table gone for a moment): the counts wait, then go.
    await ctx.db.schema.alterTable("stats_daily").renameTo("stats_daily_away").execute();
    const failing = createStatsRecorder({ db: ctx.db, now: () => parisAfternoon(22) });
    failing.count("order_placed");
    failing.count("order_placed");
    await failing.flush();
    await ctx.db.schema.alterTable("stats_daily_away").renameTo("stats_daily").execute();
    failing.count("order_placed");
    await failing.stop();
    expect((await rows()).filter((row) => row.kind === "order_placed")).toEqual([
      { day: "2026-11-22", kind: "order_placed", key: "", count: 3 },
    ]);
  });

  it("counts a visitor once a day per address and user agent, again the next day", async () => {
    let now = parisAfternoon(23);
    const stats = createStatsRecorder({ db: ctx.db, now: () => now });
    stats.visitor("198.51.100.4", "Firefox");
    stats.visitor("198.51.100.4", "Firefox");
    stats.visitor("198.51.100.4", "Chromium");
    stats.visitor("198.51.100.5", "Firefox");
    now = parisAfternoon(24);
    stats.visitor("198.51.100.4", "Firefox");
    await stats.stop();
    expect(await rows()).toEqual([
      { day: "2026-11-23", kind: "visitor", key: "", count: 3 },
      { day: "2026-11-24", kind: "visitor", key: "", count: 1 },
    ]);
  });

  it("cuts a key to 100 characters", async () => {
    const stats = createStatsRecorder({ db: ctx.db, now: () => parisAfternoon(23) });
    stats.count("referrer", "a".repeat(300));
    await stats.stop();
    expect((await rows())[0]?.key).toBe("a".repeat(100));
  });
});

describe("the dashboard's figures", () => {
  async function seed(values: [day: string, kind: string, key: string, count: number][]) {
    await ctx.db
      .insertInto("stats_daily")
      .values(values.map(([day, kind, key, count]) => ({ day, kind, key, count })))
      .execute();
  }

  it("reads a period's days, totals and top lists, the pieces by their names", async () => {
    const piece = await ctx.db.selectFrom("products").select(["slug", "name"]).executeTakeFirst();
    const slug = piece?.slug ?? "piece-absente";
    await seed([
      ["2026-11-27", "page_view", "/", 10],
      ["2026-11-27", "page_view", "/catalogue", 4],
      ["2026-11-27", "visitor", "", 6],
      ["2026-11-21", "page_view", "/", 5],
      ["2026-11-21", "visitor", "", 2],
      // Before the 7 days (21 → 27), within the 30.
      ["2026-11-20", "page_view", "/", 100],
      ["2026-11-20", "visitor", "", 50],
      ["2026-11-27", "piece_view", "piece-supprimee", 3],
      ["2026-11-26", "piece_view", slug, 7],
      ["2026-11-26", "referrer", "www.exemple.fr", 2],
      ["2026-11-26", "empty_search", "perle bleue", 4],
      ["2026-11-26", "cart_add", "p1", 3],
      ["2026-11-26", "order_placed", "", 2],
      ["2026-11-26", "order_paid", "", 1],
      ["2024-01-01", "page_view", "/", 1000],
    ]);
    const now = new Date("2026-11-27T10:00:00Z");
    const week = await statsReport(ctx.db, 7, now);
    expect(week.from).toBe("2026-11-21");
    expect(week.to).toBe("2026-11-27");
    expect(week.days).toHaveLength(7);
    expect(week.days[0]).toEqual({ day: "2026-11-21", views: 5, visitors: 2 });
    expect(week.days[6]).toEqual({ day: "2026-11-27", views: 14, visitors: 6 });
    expect(week.days[1]).toEqual({ day: "2026-11-22", views: 0, visitors: 0 });
    expect(week.totals).toMatchObject({
      page_view: 19,
      visitor: 8,
      cart_add: 3,
      order_placed: 2,
      order_paid: 1,
      favorite_add: 0,
    });
    expect(week.topPages).toEqual([
      { key: "/", label: "/", count: 15 },
      { key: "/catalogue", label: "/catalogue", count: 4 },
    ]);
    expect(week.topPieces).toEqual([
      { key: slug, label: piece?.name ?? slug, count: 7 },
      { key: "piece-supprimee", label: "piece-supprimee", count: 3 },
    ]);
    expect(week.topReferrers).toEqual([{ key: "www.exemple.fr", label: "www.exemple.fr", count: 2 }]);
    expect(week.emptySearches).toEqual([{ key: "perle bleue", label: "perle bleue", count: 4 }]);

    const month = await statsReport(ctx.db, 30, now);
    expect(month.days).toHaveLength(30);
    expect(month.totals.page_view).toBe(119);
    expect(month.totals.visitor).toBe(58);
    expect((await statsReport(ctx.db, 365, now)).totals.page_view).toBe(119);
  });

  it("knows four periods, 30 days otherwise, each ending today", () => {
    expect([7, 30, 90, 365].map((days) => parsePeriod(String(days)))).toEqual([7, 30, 90, 365]);
    for (const wrong of [null, "", "12", "abc", "-7", "7.5"]) expect(parsePeriod(wrong)).toBe(30);
    // Across the change to winter time (25 October 2026): every day once.
    const days = periodDays(30, new Date("2026-11-10T12:00:00Z"));
    expect(new Set(days).size).toBe(30);
    expect(days[0]).toBe("2026-10-12");
    expect(days.at(-1)).toBe("2026-11-10");
  });
});

describe("the 25 months", () => {
  it("keeps 25 months and deletes what is older", async () => {
    const now = new Date("2026-11-27T10:00:00Z");
    expect(oldestKeptDay(now)).toBe("2024-10-27");
    expect(oldestKeptDay(new Date("2027-05-31T10:00:00Z"))).toBe("2025-04-30");
    await ctx.db
      .insertInto("stats_daily")
      .values([
        { day: "2024-10-26", kind: "page_view", key: "/", count: 1 },
        { day: "2023-01-01", kind: "visitor", key: "", count: 1 },
        { day: "2024-10-27", kind: "page_view", key: "/", count: 1 },
        { day: "2026-11-27", kind: "page_view", key: "/", count: 1 },
      ])
      .execute();
    expect(await purgeOldStatistics(ctx.db, now)).toBe(2);
    expect((await rows()).map((row) => row.day)).toEqual(["2024-10-27", "2026-11-27"]);
  });
});
