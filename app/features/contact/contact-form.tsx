/**
 * The contact form (docs/product.md §2, §5: name, email, message of 6 rows, all required, hidden form-name
 * 'contact'), with a honeypot. A plain form post, so it works without JavaScript. An order from the
 * cart or favourites has its own form (features/checkout/order-form.tsx).
 */
import { Form, useNavigation } from "react-router";
import buttons from "~/components/button.module.css";
import { Field } from "~/components/field";
import styles from "./contact.module.css";
import type { ContactFieldErrors } from "./contact-schema";

export interface ContactFormState {
  ok?: boolean;
  message?: string;
  fieldErrors?: ContactFieldErrors;
  values?: Partial<Record<"name" | "email" | "message" | "order", string>>;
}

export function ContactForm({ state }: { state: ContactFormState | undefined }) {
  const navigation = useNavigation();
  if (state?.ok) {
    return (
      <p className={styles.success} role="status">
        {state.message}
      </p>
    );
  }
  const errors = state?.fieldErrors ?? {};
  const submitting = navigation.state === "submitting";
  return (
    <Form method="post" className={styles.form}>
      <input type="hidden" name="form-name" value="contact" />
      <div className={styles.honeypot} aria-hidden="true">
        <label>
          Ne pas remplir ce champ
          <input type="text" name="site_web" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <Field
        id="contact-name"
        label="Nom"
        error={errors.name}
        name="name"
        type="text"
        autoComplete="name"
        required
        maxLength={120}
        defaultValue={state?.values?.name}
      />
      <Field
        id="contact-email"
        label="Email"
        error={errors.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={200}
        defaultValue={state?.values?.email}
      />
      <Field id="contact-message" label="Message" error={errors.message}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={6}
            required
            maxLength={5000}
            defaultValue={state?.values?.message}
          />
        )}
      </Field>
      {state?.message && !state.ok ? (
        <p className={styles.formError} role="alert">
          {state.message}
        </p>
      ) : null}
      <button type="submit" className={buttons.primary} disabled={submitting}>
        {submitting ? "Envoi…" : "Envoyer le message"}
      </button>
    </Form>
  );
}
