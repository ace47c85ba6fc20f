/**
 * A sidebar dialog (favourites, cart): opens from the right over an overlay, closes by the close
 * button, an overlay click or Escape, traps focus and locks page scroll while open.
 */
import { type ReactNode, useRef } from "react";
import { useFocusTrap } from "~/lib/use-focus-trap";
import { useScrollLock } from "~/lib/use-scroll-lock";
import { CloseIcon } from "./icons";
import styles from "./side-panel.module.css";

interface SidePanelProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

export function SidePanel({ open, title, onClose, children, footer }: SidePanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useScrollLock(open);
  useFocusTrap(panelRef, open, onClose);
  if (!open) return null;
  return (
    <>
      <div className={styles.overlay} aria-hidden="true" onClick={onClose} data-testid="panel-overlay" />
      <div
        ref={panelRef}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby="side-panel-title"
      >
        <div className={styles.head}>
          <h2 id="side-panel-title" className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} aria-label="Fermer" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer ? <div className={styles.footer}>{footer}</div> : null}
      </div>
    </>
  );
}
