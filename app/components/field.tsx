/**
 * A labelled form control with its hint and its error, wired for screen readers: the error marks
 * the control `aria-invalid` and both texts are named by `aria-describedby`. The control is a
 * plain input from the props, or any control the children draw with the given attributes.
 */
import type { InputHTMLAttributes, ReactNode } from "react";
import styles from "./field.module.css";

export interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

interface FieldFrame {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "children">;

export type FieldProps = FieldFrame &
  ({ children: (control: ControlProps) => ReactNode } | (InputProps & { children?: undefined }));

/** The attributes that tie a control to its hint and error. */
export function controlProps(id: string, error?: string | null, hasHint = false): ControlProps {
  const describedBy = [hasHint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return {
    id,
    ...(error ? { "aria-invalid": true as const } : {}),
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
  };
}

export function Field(props: FieldProps) {
  const { id, label, error, hint, className, children, ...input } = props;
  const control = controlProps(id, error, Boolean(hint));
  return (
    <div className={className ? `${styles.field} ${className}` : styles.field}>
      <label htmlFor={id}>{label}</label>
      {typeof children === "function" ? children(control) : <input {...(input as InputProps)} {...control} />}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's message; nothing when there is none. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className={styles.error}>
      {error}
    </p>
  );
}
