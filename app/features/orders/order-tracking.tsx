/**
 * The order's private page (docs/product.md §10.19), reached from the confirmation and from the link
 * in every e-mail: its status first, then each step with its date, the pieces and the total, the
 * delivery, the payment link while it is the step to take, the parcel's tracking number, and once
 * paid the invoice and any credit note to download (§10.25).
 */

import { type ReactNode, useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import buttons from "~/components/button.module.css";
import { PageIntro } from "~/components/page-intro";
import { ContractDocuments } from "~/features/contract/contract-documents";
import { DocumentList } from "~/features/invoices/document-list";
import type { DocumentLink } from "~/features/invoices/invoice-types";
import { frenchTime, longDate } from "~/lib/dates";
import { formatLineTotal, formatPrice } from "~/lib/format";
import styles from "./order-tracking.module.css";
import type { TrackingView } from "./order-tracking-types";
import type { OrderStatus } from "./order-types";

/** Marks the page reached right after ordering (features/checkout/order-request.server.ts). */
export const JUST_PLACED_PARAM = "nouvelle";

function when(iso: string): string {
  return `${longDate(iso)} à ${frenchTime(iso)}`;
}

/**
 * What the customer must do, and until when (ADR 022): confirm the address by the e-mailed link,
 * and know which pieces wait for the shop's approval.
 */
function HoldNotice({ order }: { order: TrackingView }) {
  if (!order.holdExpiresAt) return null;
  const waiting = order.lines.filter((line) => line.heldQuantity < line.quantity);
  return (
    <>
      {!order.confirmed ? (
        <div className={styles.confirmNotice} role="note" aria-labelledby="confirmer-titre">
          <h3 id="confirmer-titre">Confirmez votre commande</h3>
          {order.holdActive ? (
            <p>
              Ouvrez l'e-mail que nous venons de vous envoyer et suivez son lien « Confirmer ma commande ».
              Sans confirmation, vos pièces ne restent réservées que jusqu'au{" "}
              <strong>{when(order.holdExpiresAt)}</strong>.
            </p>
          ) : (
            <p>
              La réservation de vos pièces a pris fin sans confirmation. Suivez le lien de l'e-mail de
              confirmation : nous réserverons de nouveau celles qui sont encore disponibles.
            </p>
          )}
        </div>
      ) : null}
      {waiting.length > 0 ? (
        <p className={styles.explanation}>
          En attente de validation par la boutique :{" "}
          {waiting.map((line) => `${line.name} (${line.quantity - line.heldQuantity})`).join(", ")}. Nous vous
          écrivons dès qu'elle est faite ; d'ici là, ces pièces ne vous sont pas encore réservées.
        </p>
      ) : null}
    </>
  );
}

function StatusExplanation({ order }: { order: TrackingView }) {
  const held =
    order.holdExpiresAt && order.confirmed && order.holdActive ? (
      <> Vos pièces vous sont réservées jusqu'au {when(order.holdExpiresAt)}.</>
    ) : null;
  const texts: Record<OrderStatus, ReactNode> = {
    nouvelle: (
      <>
        Nous avons bien reçu votre commande : nous vous écrivons très vite avec un lien de paiement sécurisé.
        {held}
      </>
    ),
    lien_envoye: (
      <>
        Le lien de paiement sécurisé vous attend ci-dessous (et dans votre boîte mail).
        {held}
      </>
    ),
    payee: <>Paiement reçu, merci ! Nous préparons votre commande avec soin.</>,
    expediee: <>Votre commande est en route.</>,
    livree: <>Votre commande vous a été remise. Merci pour votre confiance !</>,
    annulee: (
      <>
        Cette commande a été annulée. Une question ? <Link to="/contact">Écrivez-nous</Link>.
      </>
    ),
  };
  return <p className={styles.explanation}>{texts[order.status]}</p>;
}

/**
 * « Annuler ma commande » while the order is unpaid (ADR 028): a link to the page that asks for
 * confirmation, so it works without JavaScript and nothing is cancelled by one stray click.
 */
export function CancelOrderLink({ href, number }: { href: string; number: string }) {
  return (
    <p className={styles.cancel}>
      <Link className={buttons.secondary} to={href}>
        Annuler ma commande<span className="visually-hidden"> {number}</span>
      </Link>{" "}
      <span>Tant qu'elle n'est pas payée, vous pouvez l'annuler : ses pièces sont aussitôt libérées.</span>
    </p>
  );
}

function DeliveryDetails({ delivery }: { delivery: TrackingView["delivery"] }) {
  return (
    <div>
      <p className={styles.deliveryMethod}>{delivery.label}</p>
      {delivery.method === "envoi" ? (
        <address className={styles.address}>
          {delivery.addressLine}
          <br />
          {delivery.postalCode} {delivery.city}
          <br />
          {delivery.zoneLabel}
        </address>
      ) : null}
      {delivery.method === "evenement" ? (
        <p>
          {delivery.eventTitle}
          {delivery.eventStart ? `, ${when(delivery.eventStart)}` : ""}
        </p>
      ) : null}
      {delivery.method === "main_propre" ? <p>Nous convenons ensemble d'un lieu et d'un moment.</p> : null}
    </div>
  );
}

export function OrderTracking({
  order,
  documents = [],
  withdrawal = null,
  cancelHref = null,
}: {
  order: TrackingView;
  /** The confirmation page of « Annuler ma commande » while the order is unpaid (ADR 028). */
  cancelHref?: string | null;
  /** The order's invoice and credit notes (docs/product.md §10.25), once paid. */
  documents?: readonly DocumentLink[];
  /** The withdrawal function's block (docs/product.md §10.24), in the status card for all to see. */
  withdrawal?: ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const justPlaced = searchParams.has(JUST_PLACED_PARAM);

  // Right after ordering, the marker leaves the address (without a navigation, which would end the
  // confirmation's toast). The ordered pieces already left the cart, on the server (ADR 032).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    if (!justPlaced) return;
    window.history.replaceState(window.history.state, "", window.location.pathname);
  }, []);

  return (
    <>
      <PageIntro
        eyebrow="Suivi de commande"
        // The number never breaks at its hyphens.
        title={
          <>
            Commande <span className={styles.number}>{order.number}</span>
          </>
        }
      >
        <p>
          Passée le {when(order.createdAt)} par {order.customerName}. Gardez le lien de cette page : il vous
          permet de suivre votre commande.
        </p>
      </PageIntro>
      <div className={styles.layout}>
        <section className={`${styles.card} ${styles.statusCard}`} aria-labelledby="statut">
          <h2 id="statut" className={styles.statusTitle}>
            <span className={styles.statusEyebrow}>Statut</span>
            <span className={styles.status} data-status={order.status}>
              {order.statusLabel}
            </span>
          </h2>
          <StatusExplanation order={order} />
          <HoldNotice order={order} />
          {order.paymentUrl ? (
            <a className={buttons.primary} href={order.paymentUrl} target="_blank" rel="noopener noreferrer">
              Payer ma commande (nouvel onglet)
            </a>
          ) : null}
          {order.trackingNumber ? (
            <p className={styles.trackingNumber}>
              Numéro de suivi du colis : <strong>{order.trackingNumber}</strong>
            </p>
          ) : null}
          {withdrawal}
          {order.cancellable && cancelHref ? (
            <CancelOrderLink href={cancelHref} number={order.number} />
          ) : null}
          <ol className={styles.steps} aria-label="Étapes de la commande">
            {order.steps.map((step) => (
              <li key={step.status} data-done={step.at ? "true" : undefined} data-status={step.status}>
                <span className={styles.stepLabel}>{step.label}</span>
                {step.at ? (
                  <time dateTime={step.at} className={styles.stepDate}>
                    le {when(step.at)}
                  </time>
                ) : (
                  <span className={styles.stepDate}>À venir</span>
                )}
              </li>
            ))}
          </ol>
        </section>

        <section className={styles.card} aria-labelledby="articles">
          <h2 id="articles">Vos créations</h2>
          <ul className={styles.lines}>
            {order.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move.
              <li key={index} className={styles.line}>
                <span className={styles.lineName}>
                  {line.name} <span className={styles.quantity}>× {line.quantity}</span>
                  {line.heldQuantity < line.quantity ? (
                    <span className={styles.unitPrice}> en attente de validation</span>
                  ) : null}
                </span>
                <span className={styles.linePrice}>
                  {formatLineTotal(line.unitPriceCents, line.quantity)}
                  {line.quantity > 1 && line.unitPriceCents !== null ? (
                    <span className={styles.unitPrice}>{formatPrice(line.unitPriceCents)} l'unité</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
          <p className={styles.total}>
            Livraison : <strong data-testid="order-delivery-cost">{order.deliveryCostText}</strong>
          </p>
          <p className={styles.total}>
            Total : <strong>{order.totalText}</strong>
          </p>
          {order.totalNotes.map((note) => (
            <p key={note}>{note}</p>
          ))}
        </section>

        {documents.length > 0 ? (
          <section className={styles.card} aria-labelledby="factures">
            <h2 id="factures">Facture</h2>
            <DocumentList documents={documents} className={styles.documents} />
          </section>
        ) : null}

        <section className={styles.card} aria-labelledby="livraison">
          <h2 id="livraison">Livraison</h2>
          <DeliveryDetails delivery={order.delivery} />
          <p className={styles.help}>
            Une question sur votre commande ? <Link to="/contact">Écrivez-nous</Link> en rappelant son numéro,{" "}
            <span className={styles.number}>{order.number}</span>.
          </p>
        </section>

        <section className={styles.card} aria-labelledby="documents">
          <h2 id="documents">Documents du contrat</h2>
          <ContractDocuments cgvVersion={order.cgvVersion} number={order.number} />
        </section>
      </div>
    </>
  );
}
