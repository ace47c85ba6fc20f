import { useEffect, useState } from "react";
import { CloseIcon } from "./icons";
import styles from "./toast.module.css";

/** A short confirmation shown at the top of the page for a few seconds (flash messages). */
export function Toast({ message }: { message: string | null }) {
  const [shown, setShown] = useState(message);
  useEffect(() => {
    setShown(message);
    if (!message) return;
    const timer = window.setTimeout(() => setShown(null), 6000);
    return () => window.clearTimeout(timer);
  }, [message]);
  if (!shown) return null;
  return (
    <div className={styles.toast} role="status">
      <span>{shown}</span>
      <button type="button" aria-label="Fermer le message" onClick={() => setShown(null)}>
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
