import styles from "./agenda.module.css";

export interface AgendaEventView {
  id: string;
  title: string;
  description: string;
  startDate: string;
  endDate: string | null;
  location: string;
  image: string | null;
}

/** An agenda event with its dates written out by the server (`withAgendaDates`, events.server.ts). */
export interface DatedAgendaEvent extends AgendaEventView {
  dates: { day: string; month: string; when: string; until: string | null };
}

/** An agenda card (docs/product.md §2): day and abbreviated French month, title, location, a description preview. */
export function EventCard({
  event,
  past,
  onOpen,
}: {
  event: DatedAgendaEvent;
  past: boolean;
  onOpen: () => void;
}) {
  const { day, month } = event.dates;
  return (
    <article className={styles.card} data-past={past}>
      <p className={styles.date} aria-hidden="true">
        <span className={styles.day}>{day}</span>
        <span className={styles.month}>{month}</span>
      </p>
      <div className={styles.cardText}>
        <h3>{event.title}</h3>
        {event.location ? <p className={styles.where}>{event.location}</p> : null}
        <p className={styles.preview}>{event.description}</p>
        <button type="button" className={styles.more} onClick={onOpen} aria-haspopup="dialog">
          En savoir plus<span className="visually-hidden"> sur « {event.title} »</span>
        </button>
      </div>
    </article>
  );
}
