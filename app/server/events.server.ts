/** Agenda reads (spec §7 "Events"): the public list, sorted by start date. */
import type { DB } from "./database.server";

export interface AgendaEvent {
  id: string;
  title: string;
  description: string;
  startDate: string;
  endDate: string | null;
  location: string;
  image: string | null;
}

export async function listEvents(db: DB): Promise<AgendaEvent[]> {
  const rows = await db
    .selectFrom("events")
    .select(["id", "title", "description", "start_date", "end_date", "location", "image"])
    .orderBy("start_date")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.start_date,
    endDate: row.end_date,
    location: row.location,
    image: row.image,
  }));
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
