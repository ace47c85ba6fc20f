/**
 * The figures the shop counts per day (ADR 034, docs/product.md §10.29), as stored in
 * `stats_daily.kind`. Each has a key: a page's route, a piece's slug, a referring domain, an empty
 * search's text, a piece's id for the adds; '' for the figures that have none.
 */
export const STAT_KINDS = [
  "page_view",
  "piece_view",
  "visitor",
  "referrer",
  "empty_search",
  "cart_add",
  "favorite_add",
  "order_placed",
  "order_paid",
] as const;

export type StatKind = (typeof STAT_KINDS)[number];

/** The dashboard's periods, in days. */
export const STAT_PERIODS = [7, 30, 90, 365] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];

/** Kept 25 months at most (CNIL's condition for a measure exempt from consent), then deleted. */
export const STATS_RETENTION_MONTHS = 25;
