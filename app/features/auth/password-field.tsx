import { useState } from "react";
import { Field } from "~/components/field";
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
    <Field id={props.id} label={props.label} error={props.error}>
      {(control) => (
        <div className={styles.passwordRow}>
          <input
            {...control}
            name={props.name}
            type={visible ? "text" : "password"}
            autoComplete={props.autoComplete}
            required
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
      )}
    </Field>
  );
}
