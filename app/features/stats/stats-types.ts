/** The « Statistiques » page's figures, as the report reads them (stats-report.server.ts). */
import type { StatKind, StatPeriod } from "./stat-kinds";

export interface DayFigures {
  /** YYYY-MM-DD, the shop's day. */
  day: string;
  views: number;
  visitors: number;
}

export interface KeyFigure {
  key: string;
  /** What the key names for a person: a piece's name, or the key itself. */
  label: string;
  count: number;
}

export interface StatsReport {
  period: StatPeriod;
  from: string;
  to: string;
  days: DayFigures[];
  totals: Record<StatKind, number>;
  topPages: KeyFigure[];
  topPieces: KeyFigure[];
  topReferrers: KeyFigure[];
  emptySearches: KeyFigure[];
}
