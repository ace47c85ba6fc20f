/**
 * The « Statistiques » page's figures (docs/product.md §10.29, ADR 034), read from the daily
 * aggregates, and their end: rows older than 25 months are deleted by the data-lifecycle pass
 * (ADR 017, features/account/inactive-accounts.server.ts).
 */
import type { DB } from "~/server/database.server";
import { STAT_PERIODS, STATS_RETENTION_MONTHS, type StatKind, type StatPeriod } from "./stat-kinds";
import { shopDay } from "./stats-recorder.server";
import type { StatsReport } from "./stats-types";

const DAY_MS = 24 * 60 * 60_000;
/** Rows per list of the page (pieces, referrers, pages, searches). */
export const TOP_ROWS = 10;

export function parsePeriod(value: string | null): StatPeriod {
  const days = Number(value);
  return (STAT_PERIODS as readonly number[]).includes(days) ? (days as StatPeriod) : 30;
}

/** The period's days, oldest first, ending with today (the shop's days, Europe/Paris). */
export function periodDays(period: StatPeriod, now: Date): string[] {
  const days: string[] = [];
  // Noon of each day: a daylight-saving change never makes one day appear twice.
  const noon = Date.parse(`${shopDay(now)}T12:00:00Z`);
  for (let back = period - 1; back >= 0; back--) days.push(shopDay(new Date(noon - back * DAY_MS)));
  return days;
}

async function topKeys(db: DB, kind: StatKind, from: string): Promise<{ key: string; count: number }[]> {
  const rows = await db
    .selectFrom("stats_daily")
    .select(["key", (eb) => eb.fn.sum<number>("count").as("total")])
    .where("kind", "=", kind)
    .where("day", ">=", from)
    .groupBy("key")
    .orderBy("total", "desc")
    .orderBy("key")
    .limit(TOP_ROWS)
    .execute();
  return rows.map((row) => ({ key: row.key, count: Number(row.total) }));
}

export async function statsReport(db: DB, period: StatPeriod, now: Date = new Date()): Promise<StatsReport> {
  const days = periodDays(period, now);
  const from = days[0] ?? shopDay(now);
  const to = days.at(-1) ?? from;
  const perDay = await db
    .selectFrom("stats_daily")
    .select(["day", "kind", (eb) => eb.fn.sum<number>("count").as("total")])
    .where("day", ">=", from)
    .groupBy(["day", "kind"])
    .execute();
  const totals = {
    page_view: 0,
    piece_view: 0,
    visitor: 0,
    referrer: 0,
    empty_search: 0,
    cart_add: 0,
    favorite_add: 0,
    order_placed: 0,
    order_paid: 0,
  } satisfies Record<StatKind, number>;
  const byDay = new Map(days.map((day) => [day, { day, views: 0, visitors: 0 }]));
  for (const row of perDay) {
    const count = Number(row.total);
    if (row.kind in totals) totals[row.kind as StatKind] += count;
    const figures = byDay.get(row.day);
    if (!figures) continue;
    if (row.kind === "page_view") figures.views += count;
    if (row.kind === "visitor") figures.visitors += count;
  }
  const [pages, pieces, referrers, searches] = await Promise.all([
    topKeys(db, "page_view", from),
    topKeys(db, "piece_view", from),
    topKeys(db, "referrer", from),
    topKeys(db, "empty_search", from),
  ]);
  // A piece is shown by its name today; a piece since deleted keeps its slug.
  const names = new Map(
    pieces.length === 0
      ? []
      : (
          await db
            .selectFrom("products")
            .select(["slug", "name"])
            .where(
              "slug",
              "in",
              pieces.map((piece) => piece.key),
            )
            .execute()
        ).map((row) => [row.slug, row.name]),
  );
  const labelled = (rows: { key: string; count: number }[]) =>
    rows.map((row) => ({ ...row, label: row.key }));
  return {
    period,
    from,
    to,
    days: [...byDay.values()],
    totals,
    topPages: labelled(pages),
    topPieces: pieces.map((row) => ({ ...row, label: names.get(row.key) ?? row.key })),
    topReferrers: labelled(referrers),
    emptySearches: labelled(searches),
  };
}

/** The first day still kept at `now`: 25 months back, the day kept or clamped to the month's end. */
export function oldestKeptDay(now: Date): string {
  const [year, month, day] = shopDay(now).split("-").map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) - STATS_RETENTION_MONTHS;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${targetYear}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/** Deletes the figures older than 25 months (the data-lifecycle pass); returns how many rows went. */
export async function purgeOldStatistics(db: DB, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom("stats_daily").where("day", "<", oldestKeptDay(now)).executeTakeFirst();
  return Number(result.numDeletedRows);
}
