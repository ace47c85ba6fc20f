/**
 * A sidebar (favourites, cart) as a native <dialog> (docs/product.md §2 "Sidebars"): it is in the
 * page's HTML from the start, so a few lines of script open it at once (app/lib/account.tsx,
 * `data-panneau`), before the page's own code has loaded. It is shown with show() and marked
 * aria-modal: that script keeps the focus inside and closes it on Escape or a click beside it,
 * without making the whole page inert inside the tap. Its close button is a `method="dialog"` form
 * that needs no script at all.
 */
import type { ReactNode } from "react";
import { CloseIcon } from "./icons";
import styles from "./side-panel.module.css";

export const sidePanelParts = { body: styles.body, footer: styles.footer };

/** Dims the page behind an open sidebar: placed after the sidebars, as their sibling. */
export function SidePanelVeil() {
  return <div className={styles.veil} aria-hidden="true" />;
}

export function SidePanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <dialog
      id={id}
      className={styles.panel}
      aria-labelledby={`${id}-titre`}
      aria-modal="true"
      data-panneau=""
    >
      <div className={styles.head}>
        <h2 id={`${id}-titre`} className={styles.title}>
          {title}
        </h2>
        <form method="dialog">
          <button type="submit" className={styles.close} aria-label="Fermer">
            <CloseIcon />
          </button>
        </form>
      </div>
      {children}
    </dialog>
  );
}
