/**
 * The dashboard's modals (product, event, category forms and delete confirmations): a native modal
 * <dialog>, so the page behind is inert and Escape closes it; focus returns to the opener.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import buttons from "~/components/button.module.css";
import { CloseIcon } from "~/components/icons";
import { useScrollLock } from "~/lib/use-scroll-lock";
import styles from "./admin-ui.module.css";

export function AdminDialog({
  title,
  onClose,
  children,
  wide = false,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useScrollLock(true);
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      data-wide={wide}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.dialogHead}>
        <h2 id={titleId}>{title}</h2>
        <button type="button" className={styles.iconButton} aria-label="Fermer" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div className={styles.dialogBody}>{children}</div>
    </dialog>
  );
}

/** docs/product.md §5: every deletion asks first. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel = "Supprimer",
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AdminDialog title={title} onClose={onCancel}>
      <div className={styles.confirmText}>{message}</div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.formActions}>
        <button type="button" className={buttons.secondary} onClick={onCancel}>
          Annuler
        </button>
        <button
          type="button"
          className={`${buttons.primary} ${styles.danger}`}
          onClick={onConfirm}
          disabled={busy}
        >
          {confirmLabel}
        </button>
      </div>
    </AdminDialog>
  );
}
