/**
 * /agenda — 'Agenda des Événements' (docs/product.md §2): upcoming events by start date, then the past ones
 * in their own section; each opens a modal with the details.
 */
import { useState } from "react";
import { PageIntro } from "~/components/page-intro";
import styles from "~/features/events/agenda.module.css";
import { type DatedAgendaEvent, EventCard } from "~/features/events/event-card";
import { EventDialog } from "~/features/events/event-dialog";
import { listEvents, splitByTime, withAgendaDates } from "~/features/events/events.server";
import { eventJsonLd, pageMeta, siteOf } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/agenda";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteOf(matches);
  const events = data ? [...data.upcoming, ...data.past] : [];
  return pageMeta(site, {
    path: "/agenda",
    title: "Agenda des événements — Nacre",
    description: "Marchés de créateurs, salons et ateliers où découvrir les bijoux Nacre.",
    jsonLd: events.map((event) => eventJsonLd(site, event)),
  });
};

export async function loader() {
  try {
    const { upcoming, past } = splitByTime(await listEvents(getDb()), new Date());
    return { upcoming: upcoming.map(withAgendaDates), past: past.map(withAgendaDates) };
  } catch (error) {
    // docs/product.md §8: a failed load is only logged, and the empty message shows.
    console.error("Agenda indisponible", error);
    return { upcoming: [], past: [] };
  }
}

export default function AgendaPage({ loaderData }: Route.ComponentProps) {
  const { upcoming, past } = loaderData;
  const [open, setOpen] = useState<DatedAgendaEvent | null>(null);
  return (
    <>
      <PageIntro eyebrow="Venez nous rencontrer" title="Agenda des Événements">
        <p>Marchés, salons et ateliers : les rendez-vous où découvrir et essayer les créations.</p>
      </PageIntro>
      <div className={styles.content}>
        {/* The cards' h3 need an h2 above them (heading order); the list speaks for itself on screen. */}
        <h2 className="visually-hidden">Événements à venir</h2>
        {upcoming.length === 0 ? (
          <p className={styles.empty}>Aucun événement à venir pour le moment.</p>
        ) : (
          <ul className={styles.list} aria-label="Événements à venir">
            {upcoming.map((event) => (
              <li key={event.id}>
                <EventCard event={event} past={false} onOpen={() => setOpen(event)} />
              </li>
            ))}
          </ul>
        )}
        {past.length > 0 ? (
          <>
            <h2 className={styles.sectionTitle}>Événements passés</h2>
            <ul className={styles.list} aria-label="Événements passés">
              {past.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} past onOpen={() => setOpen(event)} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      {open ? <EventDialog event={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
