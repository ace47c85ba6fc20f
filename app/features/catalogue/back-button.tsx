import { useNavigate } from "react-router";
import styles from "./product-details.module.css";

/** Back to where the visitor came from (keeping their filters), or to `fallback` on a direct visit. */
export function BackButton({ fallback, label }: { fallback: string; label: string }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className={styles.back}
      onClick={() => {
        const cameFromHere =
          window.history.state &&
          typeof window.history.state.idx === "number" &&
          window.history.state.idx > 0;
        if (cameFromHere) navigate(-1);
        else navigate(fallback);
      }}
    >
      ← {label}
    </button>
  );
}
