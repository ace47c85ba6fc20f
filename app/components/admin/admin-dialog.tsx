/**
 * The dashboard's modals (product, event, category forms and delete confirmations): a native modal
 * <dialog>, so the page behind is inert and Escape closes it; focus returns to the opener.
 */
import { type FormEvent, type ReactNode, useId } from "react";
import buttons from "~/components/button.module.css";
import { CloseIcon } from "~/components/icons";
import { useModalDialog } from "~/lib/use-modal-dialog";
import styles from "./admin-ui.module.css";
import { useAdminFetcher } from "./use-admin-fetcher";

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
  const dialogRef = useModalDialog();
  const titleId = useId();
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
  cancelLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** Where 'Annuler' would read as the action itself (cancelling an order). */
  cancelLabel?: string;
  busy: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <AdminDialog title={title} onClose={onCancel}>
      <div className={styles.confirmText}>{message}</div>
      <FormError error={error} />
      <FormActions
        label={confirmLabel}
        cancelLabel={cancelLabel}
        busy={busy}
        onCancel={onCancel}
        onConfirm={onConfirm}
        danger
      />
    </AdminDialog>
  );
}

/**
 * A deletion asked first, then posted to the page's action by its own fetcher: mounted for one
 * target at a time, so an earlier failure never shows on the next question. It closes on success;
 * the lists hide the row while the command runs (usePendingIds) and show it again if it fails.
 */
export function ConfirmDelete({
  title,
  message,
  fields,
  failure,
  onClose,
}: {
  title: string;
  message: ReactNode;
  fields: Record<string, string>;
  /** One fixed French failure instead of the server's reason. */
  failure?: string;
  onClose: () => void;
}) {
  const deletion = useAdminFetcher({ onSuccess: onClose, failure });
  return (
    <ConfirmDialog
      title={title}
      message={message}
      busy={deletion.busy}
      error={deletion.error}
      onConfirm={() => deletion.submit({ intent: "delete", ...fields })}
      onCancel={onClose}
    />
  );
}

/**
 * The edit and delete buttons of a row or card; `subject` names the row in the buttons' accessible
 * names where the visible text alone would repeat down the list.
 */
export function RowActions({
  onEdit,
  editText = "Modifier",
  onDelete,
  subject,
  look = "link",
  className,
  as: Wrapper = "span",
  children,
}: {
  onEdit?: () => void;
  editText?: string;
  onDelete?: () => void;
  subject?: string;
  look?: "link" | "button";
  className?: string;
  as?: "span" | "div";
  children?: ReactNode;
}) {
  const base = look === "link" ? styles.linkButton : buttons.secondary;
  return (
    <Wrapper className={className}>
      {onEdit ? (
        <button
          type="button"
          className={base}
          aria-label={subject ? `${editText} ${subject}` : undefined}
          onClick={onEdit}
        >
          {editText}
        </button>
      ) : null}
      {children}
      {onDelete ? (
        <button
          type="button"
          className={`${base} ${styles.dangerText}`}
          aria-label={subject ? `Supprimer ${subject}` : undefined}
          onClick={onDelete}
        >
          Supprimer
        </button>
      ) : null}
    </Wrapper>
  );
}

/** A form's French error, announced as it appears. */
export function FormError({ error }: { error?: string | null }) {
  return error ? (
    <p className={styles.error} role="alert">
      {error}
    </p>
  ) : null;
}

/** 'Annuler' (when the form is in a dialog) and the form's one action: a submit, or a click. */
export function FormActions({
  label,
  cancelLabel = "Annuler",
  busy,
  onCancel,
  onConfirm,
  danger = false,
}: {
  label: ReactNode;
  cancelLabel?: string;
  busy: boolean;
  onCancel?: () => void;
  onConfirm?: () => void;
  danger?: boolean;
}) {
  return (
    <div className={styles.formActions}>
      {onCancel ? (
        <button type="button" className={buttons.secondary} onClick={onCancel}>
          {cancelLabel}
        </button>
      ) : null}
      <button
        type={onConfirm ? "button" : "submit"}
        className={danger ? `${buttons.primary} ${styles.danger}` : buttons.primary}
        onClick={onConfirm}
        disabled={busy}
      >
        {label}
      </button>
    </div>
  );
}

/** A dashboard form in a dialog: its fields, its French error, 'Annuler' and its submit button. */
export function DialogForm({
  title,
  onClose,
  onSubmit,
  submitLabel,
  status,
  wide = false,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  /** The form's mutation: whether it runs, and its French error. */
  status: { busy: boolean; error: string | null };
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <AdminDialog title={title} onClose={onClose} wide={wide}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {children}
        <FormError error={status.error} />
        <FormActions label={submitLabel} busy={status.busy} onCancel={onClose} />
      </form>
    </AdminDialog>
  );
}
