/**
 * « Être prévenu(e) des nouvelles créations » (docs/product.md §10.30): in the footer, on the gallery
 * and on a sold piece's page. The same bytes for every visitor (the page cache, ADR 008): an e-mail
 * field, the catalogue's categories, the consent sentence, a honeypot. With JavaScript a fetcher posts
 * it and the answer appears in place; without, the form posts to /alertes, which shows the answer.
 */
import { useFetcher } from "react-router";
import buttons from "~/components/button.module.css";
import { ALERT_CONSENT_TEXT, ALERT_FORM_NAME } from "./alert-messages";
import styles from "./alerts.module.css";

export interface AlertSignupProps {
  categories: readonly { id: string; name: string }[];
  /** Distinguishes the form's fields when a page shows it twice (footer and page). */
  idPrefix: string;
}

export function AlertSignup({ categories, idPrefix }: AlertSignupProps) {
  const fetcher = useFetcher<{ ok: boolean; message?: string; error?: string }>();
  const answer = fetcher.data;
  if (answer?.ok) {
    return (
      <p className={styles.signup} role="status">
        {answer.message}
      </p>
    );
  }
  return (
    <fetcher.Form method="post" action="/alertes" className={styles.signup}>
      <p className={styles.title} id={`${idPrefix}-titre`}>
        Être prévenu(e) des nouvelles créations
      </p>
      <input type="hidden" name="form-name" value={ALERT_FORM_NAME} />
      <div className={styles.honeypot} aria-hidden="true">
        <label>
          Ne pas remplir ce champ
          <input type="text" name="site_web" tabIndex={-1} autoComplete="off" />
        </label>
      </div>
      <label htmlFor={`${idPrefix}-email`}>Votre adresse e-mail</label>
      <input
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        required
        maxLength={200}
        autoComplete="email"
      />
      {categories.length > 0 ? (
        <fieldset>
          <legend>Catégories (aucune cochée : toutes)</legend>
          {categories.map((category) => (
            <label key={category.id}>
              <input type="checkbox" name="categories" value={category.id} /> {category.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className={styles.consent}>
        <input type="checkbox" name="consent" value="oui" required /> {ALERT_CONSENT_TEXT}{" "}
        <a href="/politique-de-confidentialite">Politique de confidentialité</a>
      </label>
      {answer && !answer.ok ? <p role="alert">{answer.error}</p> : null}
      <button type="submit" className={buttons.primary} disabled={fetcher.state !== "idle"}>
        {fetcher.state === "idle" ? "M'inscrire" : "Envoi…"}
      </button>
    </fetcher.Form>
  );
}
