/** Agenda reads (docs/product.md §7 "Events"): the public list, sorted by start date. */
import type { Selectable } from "kysely";
import { dayAndMonth, frenchTime, longDate } from "~/lib/dates";
import type { DB } from "~/server/database.server";
import type { EventsTable } from "~/server/db-schema.server";

export interface AgendaEvent {
  id: string;
  title: string;
  description: string;
  startDate: string;
  endDate: string | null;
  location: string;
  image: string | null;
}

const EVENT_COLUMNS = ["id", "title", "description", "start_date", "end_date", "location", "image"] as const;

/** The one conversion of an events row, for the agenda and the dashboard alike. */
function toAgendaEvent(row: Pick<Selectable<EventsTable>, (typeof EVENT_COLUMNS)[number]>): AgendaEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    location: row.location,
    image: row.image,
  };
}

/** By start date: soonest first for the agenda, latest first for the dashboard. */
export async function listEvents(db: DB, order: "asc" | "desc" = "asc"): Promise<AgendaEvent[]> {
  const rows = await db
    .selectFrom("events")
    .select(EVENT_COLUMNS)
    .orderBy("start_date", order)
    .orderBy("id")
    .execute();
  return rows.map(toAgendaEvent);
}

/** Upcoming: not over yet (its end, or else its start, is still ahead). Past ones come last, newest first. */
export function splitByTime(
  events: AgendaEvent[],
  now: Date,
): { upcoming: AgendaEvent[]; past: AgendaEvent[] } {
  const isOver = (event: AgendaEvent) => {
    const end = new Date(event.endDate ?? event.startDate);
    if (!event.endDate) end.setHours(23, 59, 59, 999);
    return end.getTime() < now.getTime();
  };
  return {
    upcoming: events.filter((event) => !isOver(event)),
    past: events.filter(isOver).reverse(),
  };
}

/**
 * An event's dates as the agenda writes them, formatted here: the agenda's scripts then make no Intl
 * formatter, whose first one costs a browser 30–60 ms (lib/dates.ts).
 */
export function withAgendaDates<T extends Pick<AgendaEvent, "startDate" | "endDate">>(event: T) {
  return {
    ...event,
    dates: {
      ...dayAndMonth(event.startDate),
      when: `Le ${longDate(event.startDate)} à ${frenchTime(event.startDate)}`,
      until: event.endDate ? `Jusqu'au ${longDate(event.endDate)}` : null,
    },
  };
}
