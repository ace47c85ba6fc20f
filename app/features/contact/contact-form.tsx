/**
 * The contact form (docs/product.md §2, §5: name, email, message of 6 rows, all required, hidden form-name
 * 'contact'), with a honeypot. A plain form post, so it works without JavaScript; with it, an
 * order from the cart or favourites is prefilled.
 */
import { useEffect, useState } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import buttons from "~/components/button.module.css";
import { Field } from "~/components/field";
import { isOrderable, useBasket } from "~/features/basket/basket-context";
import styles from "./contact.module.css";
import type { ContactFieldErrors } from "./contact-schema";
import { orderMessage } from "./order-message";

export interface ContactFormState {
  ok?: boolean;
  message?: string;
  fieldErrors?: ContactFieldErrors;
  values?: Partial<Record<"name" | "email" | "message" | "order", string>>;
}

export function ContactForm({ state }: { state: ContactFormState | undefined }) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const basket = useBasket();
  const [message, setMessage] = useState(state?.values?.message ?? "");
  // The order itself travels beside the text, so the admin's inbox shows it as a list.
  const [order, setOrder] = useState(state?.values?.order ?? "");
  const from = searchParams.get("commande");

  // biome-ignore lint/correctness/useExhaustiveDependencies: prefilled once, when the basket is known.
  useEffect(() => {
    if (message || (from !== "panier" && from !== "favoris")) return;
    // Only pieces that can still be ordered go into the message.
    const lines = (
      from === "panier" ? basket.cart : basket.favorites.map((item) => ({ ...item, quantity: 1 }))
    ).filter(isOrderable);
    const prefilled = orderMessage(lines);
    if (prefilled) {
      setMessage(prefilled);
      setOrder(
        JSON.stringify(
          lines
            .filter((line) => line.name && line.priceCents !== null && line.quantity > 0)
            .map((line) => ({ name: line.name, priceCents: line.priceCents, quantity: line.quantity })),
        ),
      );
    }
  }, [from, basket.cart, basket.favorites]);

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
      {order ? <input type="hidden" name="order" value={order} /> : null}
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
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
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
