/** The card lists of the dashboard (reviews, contact messages, users): the list and a card's head. */
import type { ReactNode } from "react";
import lists from "./admin-lists.module.css";
import styles from "./admin-ui.module.css";

export function CardList<T extends { id: string }>({
  items,
  empty,
  label,
  children,
}: {
  items: T[];
  /** The French sentence shown when there is nothing to list. */
  empty: string;
  label: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={lists.cards} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}

/** A card's title and its status badge (approved, read, verified — or waiting). */
export function CardHead({
  title,
  done,
  status,
}: {
  title: ReactNode;
  done: boolean;
  status: readonly [done: string, waiting: string];
}) {
  return (
    <header className={lists.cardHead}>
      <h2 className={lists.cardTitle}>{title}</h2>
      <span className={lists.status} data-tone={done ? "ok" : "waiting"}>
        {done ? status[0] : status[1]}
      </span>
    </header>
  );
}
