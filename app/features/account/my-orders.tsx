/**
 * 'Mes commandes' in /mon-compte (docs/product.md §2 "Account", §10.19): each order folds into one
 * line (number, status, date, total), so many stay readable; the newest is open. Inside: the
 * payment button while the order waits for it, « Annuler ma commande » while unpaid (ADR 028), the
 * tracking number once shipped, the pieces, the delivery's cost and the total, the delivery, the invoice and credit notes once paid (§10.25) and every step
 * with its date and time.
 */
import { Link } from "react-router";
import buttons from "~/components/button.module.css";
import { ContractDocuments } from "~/features/contract/contract-documents";
import { DocumentList } from "~/features/invoices/document-list";
import { CancelOrderLink } from "~/features/orders/order-tracking";
import { WithdrawalNoticeBlock } from "~/features/withdrawal/withdrawal-notice";
import { dayMonthYear, frenchTime, longDate } from "~/lib/dates";
import { formatLineTotal } from "~/lib/format";
import accountStyles from "./account.module.css";
import styles from "./my-orders.module.css";
import type { MyOrder } from "./my-orders-types";

function pieces(order: MyOrder): string {
  const count = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return `${count} pièce${count > 1 ? "s" : ""}`;
}

function OrderDetails({ order }: { order: MyOrder }) {
  return (
    <div className={styles.body}>
      <WithdrawalNoticeBlock notice={order.withdrawal} number={order.number} />
      {order.paymentUrl ? (
        <div className={`${styles.callout} ${styles.payment}`}>
          <p>Votre lien de paiement sécurisé est prêt.</p>
          <a
            className={buttons.primary}
            href={order.paymentUrl}
            target="_blank"
            rel="noopener noreferrer external"
          >
            Payer ma commande<span className="visually-hidden"> {order.number}</span>
          </a>
        </div>
      ) : null}
      {order.cancelHref ? <CancelOrderLink href={order.cancelHref} number={order.number} /> : null}
      {order.trackingNumber ? (
        <p className={styles.callout}>
          Numéro de suivi du colis : <strong className={styles.tracking}>{order.trackingNumber}</strong>
        </p>
      ) : null}

      <h3 className={styles.heading}>Pièces</h3>
      <ul className={styles.lines}>
        {order.lines.map((line, index) => (
          // Lines have no id of their own; their order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={index} className={styles.line}>
            <span className={styles.lineName}>
              {line.name} <span className={styles.quantity}>× {line.quantity}</span>
            </span>
            <span className={styles.linePrice}>{formatLineTotal(line.unitPriceCents, line.quantity)}</span>
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        Frais de livraison : <strong>{order.deliveryCostText}</strong>
      </p>
      <p className={styles.total}>
        Total : <strong>{order.totalText}</strong>
      </p>
      {order.totalNotes.map((note) => (
        <p key={note} className={styles.muted}>
          {note}
        </p>
      ))}
      <p className={styles.delivery}>
        <span className={styles.muted}>Livraison :</span> {order.delivery}
      </p>

      {order.documents.length > 0 ? (
        <>
          <h3 className={styles.heading}>Facture</h3>
          <DocumentList documents={order.documents} className={styles.documents} />
        </>
      ) : null}
      <h3 className={styles.heading}>Documents du contrat</h3>
      <ContractDocuments cgvVersion={order.cgvVersion} number={order.number} />

      <h3 className={styles.heading}>Historique</h3>
      <ol className={styles.steps}>
        {order.steps.map((step) => (
          <li key={`${step.status}-${step.at}`} className={styles.step} data-status={step.status}>
            <span className={styles.stepLabel}>{step.label}</span>
            <time dateTime={step.at} className={styles.stepTime}>
              {`${longDate(step.at)} à ${frenchTime(step.at)}`}
            </time>
            {step.note ? <span className={styles.stepNote}>{step.note}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

export function MyOrdersSection({ orders }: { orders: MyOrder[] }) {
  if (orders.length === 0) {
    return (
      <div className={accountStyles.empty}>
        <p>Vous n'avez pas encore passé de commande.</p>
        <Link to="/catalogue">Découvrir le catalogue</Link>
      </div>
    );
  }
  return (
    <>
      <p className={accountStyles.summary}>
        {orders.length} commande{orders.length > 1 ? "s" : ""}, de la plus récente à la plus ancienne.
      </p>
      <ul className={styles.orders}>
        {orders.map((order, index) => (
          <li key={order.id}>
            {/* An order that can still be withdrawn from stays open: its control in plain sight (D221-5). */}
            <details className={styles.order} open={index === 0 || order.withdrawal?.kind === "open"}>
              <summary className={styles.summary}>
                <span className={styles.number}>{order.number}</span>
                <span className={styles.badge} data-status={order.status}>
                  {order.statusLabel}
                </span>
                <span className={styles.meta}>
                  <time dateTime={order.createdAt}>{dayMonthYear(order.createdAt)}</time> · {pieces(order)} ·{" "}
                  {order.totalText}
                </span>
              </summary>
              <OrderDetails order={order} />
            </details>
          </li>
        ))}
      </ul>
      <p className={styles.note}>
        Une commande passée sans être connecté(e) se suit avec le lien reçu dans son e-mail de confirmation.
      </p>
    </>
  );
}
