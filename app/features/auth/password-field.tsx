import { useState } from "react";
import styles from "./auth-form.module.css";

/** A password input with its show/hide toggle (docs/product.md §2 /auth). */
export function PasswordField(props: {
  id: string;
  name: string;
  label: string;
  autoComplete: string;
  error?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <div className={styles.passwordRow}>
        <input
          id={props.id}
          name={props.name}
          type={visible ? "text" : "password"}
          autoComplete={props.autoComplete}
          required
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${props.id}-error` : undefined}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={visible}
          aria-controls={props.id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? "Masquer" : "Afficher"}
          <span className="visually-hidden"> le mot de passe</span>
        </button>
      </div>
      {props.error ? (
        <p id={`${props.id}-error`} className={styles.fieldError}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
