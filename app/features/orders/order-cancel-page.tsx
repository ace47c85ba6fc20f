/**
 * The confirmation step of « Annuler ma commande » (docs/product.md §10.19, ADR 028): the order's
 * pieces and total, what cancelling does, and one button that posts — a plain form, so it works
 * without JavaScript; reaching the page changes nothing. A paid or cancelled order says why it
 * cannot be cancelled here.
 */
import { Form, Link, useNavigation } from "react-router";
import buttons from "~/components/button.module.css";
import { PageIntro } from "~/components/page-intro";
import contact from "~/features/contact/contact.module.css";
import styles from "./order-tracking.module.css";
import type { CancelPageView } from "./order-tracking-types";

export function CancelOrderPage({
  page,
  error,
  backTo,
  backLabel,
}: {
  page: CancelPageView;
  error: string | null;
  backTo: string;
  backLabel: string;
}) {
  const navigation = useNavigation();
  return (
    <>
      <PageIntro
        eyebrow="Annuler ma commande"
        title={
          <>
            Commande <span className={styles.number}>{page.number}</span>
          </>
        }
      >
        <p>Statut : {page.statusLabel}.</p>
      </PageIntro>
      <div className={styles.layout}>
        <section className={styles.card} aria-labelledby="annulation">
          <h2 id="annulation">{page.cancellable ? "Confirmez l'annulation" : "Annulation impossible"}</h2>
          <ul>
            {page.pieces.map((piece) => (
              <li key={piece}>{piece}</li>
            ))}
          </ul>
          <p className={styles.total}>
            Total : <strong>{page.totalText}</strong>
          </p>
          {error ? (
            <p className={contact.formError} role="alert">
              {error}
            </p>
          ) : null}
          {page.cancellable ? (
            <Form method="post">
              <p>
                Votre commande n'est pas encore payée : en l'annulant, ses pièces ne vous sont plus réservées
                et redeviennent disponibles pour d'autres clients. Rien ne vous sera demandé. Cette annulation
                est définitive.
              </p>
              <p className={styles.cancel}>
                <button
                  type="submit"
                  className={buttons.primary}
                  disabled={navigation.state === "submitting"}
                >
                  Annuler ma commande
                </button>
                <Link to={backTo}>Garder ma commande</Link>
              </p>
            </Form>
          ) : (
            <>
              {error ? null : <p>{page.refusal}</p>}
              <p>
                <Link to={backTo}>{backLabel}</Link>
              </p>
            </>
          )}
        </section>
      </div>
    </>
  );
}
