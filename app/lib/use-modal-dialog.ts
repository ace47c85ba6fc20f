/**
 * A native modal <dialog> shown while its component is mounted: the page behind is inert and
 * does not scroll, Escape reaches the dialog's cancel event, and focus returns to the opener.
 */
import { useEffect, useRef } from "react";
import { useScrollLock } from "./use-scroll-lock";

export function useModalDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useScrollLock(true);
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      // The dialog leaves the page with React, before the browser could restore focus itself.
      opener?.focus();
    };
  }, []);
  return dialogRef;
}
