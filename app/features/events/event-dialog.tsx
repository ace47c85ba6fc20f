/**
 * The 'En savoir plus' modal of an event (docs/product.md §2 "Agenda"): image, start date and time, the end
 * date ('Jusqu'au') when there is one, location and description. A native modal <dialog>: the page
 * behind is inert, Escape closes it and focus returns to the button that opened it.
 */
import { CloseIcon } from "~/components/icons";
import { imageUrl } from "~/lib/images";
import { useModalDialog } from "~/lib/use-modal-dialog";
import styles from "./agenda.module.css";
import type { DatedAgendaEvent } from "./event-card";

export function EventDialog({ event, onClose }: { event: DatedAgendaEvent; onClose: () => void }) {
  const dialogRef = useModalDialog();
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes it with Escape (the dialog's cancel event).
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby="evenement-titre"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div className={styles.dialogBody}>
        <button type="button" className={styles.close} aria-label="Fermer" onClick={onClose}>
          <CloseIcon />
        </button>
        {event.image ? (
          <img
            className={styles.dialogImage}
            src={imageUrl("events", event.image, 800)}
            alt=""
            width={1200}
            height={800}
            decoding="async"
          />
        ) : null}
        <div className={styles.dialogText}>
          <h2 id="evenement-titre">{event.title}</h2>
          <p className={styles.when}>{event.dates.when}</p>
          {event.dates.until ? <p className={styles.when}>{event.dates.until}</p> : null}
          {event.location ? <p className={styles.where}>{event.location}</p> : null}
          <p className={styles.fullDescription}>{event.description}</p>
        </div>
      </div>
    </dialog>
  );
}
