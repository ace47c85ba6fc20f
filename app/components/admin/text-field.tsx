/** A labelled text field of the dashboard's forms: one input (or a textarea, given `rows`). */
import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import styles from "./admin-ui.module.css";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "value" | "onChange">;

export function TextField({
  label,
  value,
  onValue,
  rows,
  ...input
}: InputProps & {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  rows?: number;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea id={id} rows={rows} value={value} onChange={(event) => onValue(event.target.value)} />
      ) : (
        <input id={id} value={value} onChange={(event) => onValue(event.target.value)} {...input} />
      )}
    </div>
  );
}
