/**
 * One order as the seller sees it (docs/product.md §10.19): lines, customer, delivery, message, hold,
 * history, the internal note the customer never sees, and only the steps its status allows
 * (ORDER_TRANSITIONS). Each form posts to the page's action: through a fetcher when JavaScript
 * runs (a toast, the page revalidated), as a plain form post otherwise.
 */
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog, FormError } from "~/components/admin/admin-dialog";
import ui from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import buttons from "~/components/button.module.css";
import { DELIVERY_LABELS, DELIVERY_ZONE_LABELS } from "~/features/delivery/delivery-types";
import { DocumentList } from "~/features/invoices/document-list";
import type { DocumentLink } from "~/features/invoices/invoice-types";
import { longDate } from "~/lib/dates";
import { parseForm } from "~/lib/form";
import { formatLineTotal, formatPrice } from "~/lib/format";
import { longDateTime, OrderStatusBadge } from "./admin-order-parts";
import styles from "./admin-orders.module.css";
import { orderCommandSchema } from "./order-schema";
import {
  deliveryToQuote,
  HOLDING_STATUSES,
  hasUnpricedLine,
  ORDER_TRANSITIONS,
  type OrderLineView,
  type OrderView,
  orderDeliveryCostText,
  orderTotalText,
} from "./order-types";

/** The order as the page's loader gives it (orders.server.ts's admin view, with each piece's address). */
export interface AdminOrder extends Omit<OrderView, "statusLabel" | "lines"> {
  internalNote: string;
  lines: (Omit<OrderLineView, "productId" | "slug"> & {
    /** The piece's page (catalogue or gallery), or null when it was deleted since. */
    href: string | null;
  })[];
}

type Step = ReturnType<typeof useAdminFetcher>;

/** docs/product.md §8: what the seller reads while a piece on request has no price. */
const PRICE_NEEDED_HINT =
  "Une pièce est à prix sur demande : indiquez son prix avant d'envoyer le lien de paiement.";

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * The price of a piece ordered on request (docs/product.md §10.19): the seller gives it once, on a new
 * order, before the payment link can be sent (Code de la consommation L112-1, L221-5).
 */
function LinePriceForm({ order, lineId, name }: { order: AdminOrder; lineId: string; name: string }) {
  const price = useAdminFetcher();
  const onSubmit = commandSubmitter(price, () => {});
  const fieldId = `commande-prix-${lineId}`;
  return (
    <form method="post" className={styles.action} onSubmit={onSubmit} noValidate>
      <Hidden intent="set-line-price" orderId={order.id} />
      <input type="hidden" name="lineId" value={lineId} />
      <div className={ui.field}>
        <label htmlFor={fieldId}>Prix de la pièce (€)</label>
        <input
          id={fieldId}
          type="text"
          name="price"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          aria-description={name}
          required
        />
      </div>
      <FormError error={price.error} />
      <button type="submit" className={buttons.secondary} disabled={price.busy}>
        Enregistrer le prix
      </button>
    </form>
  );
}

/** ADR 028: what the seller reads while the delivery is « sur devis ». */
const DELIVERY_NEEDED_HINT =
  "La livraison vers cette zone est sur devis : indiquez ses frais avant d'envoyer le lien de paiement.";

/**
 * The cost of a delivery « sur devis » (ADR 028): the seller gives it once, while the order is open,
 * before the payment link can be sent (Code de la consommation L112-1, L221-5).
 */
function DeliveryCostForm({ order }: { order: AdminOrder }) {
  const cost = useAdminFetcher();
  const onSubmit = commandSubmitter(cost, () => {});
  return (
    <form method="post" className={styles.action} onSubmit={onSubmit} noValidate>
      <Hidden intent="set-delivery-cost" orderId={order.id} />
      <div className={ui.field}>
        <label htmlFor="commande-frais-livraison">Frais de livraison (€)</label>
        <input
          id="commande-frais-livraison"
          type="text"
          name="deliveryCost"
          inputMode="decimal"
          autoComplete="off"
          maxLength={20}
          required
        />
      </div>
      <FormError error={cost.error} />
      <button type="submit" className={buttons.secondary} disabled={cost.busy}>
        Enregistrer les frais de livraison
      </button>
    </form>
  );
}

function Lines({ order, holdExpired }: { order: AdminOrder; holdExpired: boolean }) {
  const held = HOLDING_STATUSES.includes(order.status);
  return (
    <Panel title="Pièces">
      <ul className={styles.lines}>
        {order.lines.map((line) => (
          <li key={line.id}>
            <span className={styles.lineName}>
              {line.href ? <Link to={line.href}>{line.name}</Link> : line.name}
              {line.href ? null : <span className={ui.hint}> (retirée de la boutique)</span>}
            </span>
            <span className={styles.nowrap}>
              {line.unitPriceCents === null
                ? `${line.quantity} × ${formatPrice(null)}`
                : `${line.quantity} × ${formatPrice(line.unitPriceCents)} = ${formatLineTotal(line.unitPriceCents, line.quantity)}`}
            </span>
            {held && line.heldQuantity < line.quantity ? (
              <span className={ui.hint}>
                {" "}
                ({line.heldQuantity} réservée{line.heldQuantity > 1 ? "s" : ""},{" "}
                {line.quantity - line.heldQuantity} en attente de validation)
              </span>
            ) : null}
            {line.unitPriceCents === null && order.status === "nouvelle" ? (
              <LinePriceForm order={order} lineId={line.id} name={line.name} />
            ) : null}
          </li>
        ))}
      </ul>
      <p className={styles.total}>
        <span>Livraison</span>
        <span>{orderDeliveryCostText(order)}</span>
      </p>
      <p className={styles.total}>
        <span>Total</span>
        <span>{orderTotalText(order)}</span>
      </p>
      {hasUnpricedLine(order) && order.status === "nouvelle" ? (
        <p className={ui.hint}>{PRICE_NEEDED_HINT}</p>
      ) : null}
      {deliveryToQuote(order) && held ? (
        <>
          <p className={ui.hint}>{DELIVERY_NEEDED_HINT}</p>
          <DeliveryCostForm order={order} />
        </>
      ) : null}
      {held ? (
        <p className={styles.hold} data-expired={holdExpired}>
          {holdExpired ? (
            <>
              Réservation expirée le{" "}
              <time dateTime={order.holdExpiresAt}>{longDateTime(order.holdExpiresAt)}</time> : les pièces ne
              sont plus retenues pour cette commande.
            </>
          ) : (
            <>
              Pièces réservées jusqu'au{" "}
              <time dateTime={order.holdExpiresAt}>{longDateTime(order.holdExpiresAt)}</time>.
            </>
          )}
        </p>
      ) : null}
    </Panel>
  );
}

function Customer({ order }: { order: AdminOrder }) {
  return (
    <Panel title="Client">
      <dl className={styles.facts}>
        <dt>Nom</dt>
        <dd>{order.customerName}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${order.email}?subject=${encodeURIComponent(`Votre commande ${order.number}`)}`}>
            {order.email}
          </a>
        </dd>
        <dt>Téléphone</dt>
        <dd>
          {order.phone ? <a href={`tel:${order.phone.replace(/[^+0-9]/g, "")}`}>{order.phone}</a> : "—"}
        </dd>
        <dt>Compte</dt>
        <dd>{order.userId ? "Commande passée depuis son compte client" : "Commande passée sans compte"}</dd>
      </dl>
    </Panel>
  );
}

function Delivery({ order }: { order: AdminOrder }) {
  const { delivery } = order;
  return (
    <Panel title="Livraison et paiement">
      <dl className={styles.facts}>
        <dt>Livraison</dt>
        <dd>{DELIVERY_LABELS[delivery.method]}</dd>
        {delivery.method === "envoi" ? (
          <>
            <dt>Zone</dt>
            <dd>{DELIVERY_ZONE_LABELS[delivery.zone]}</dd>
            <dt>Adresse</dt>
            <dd>
              {delivery.addressLine}
              <br />
              {delivery.postalCode} {delivery.city}
            </dd>
          </>
        ) : null}
        {delivery.method === "evenement" ? (
          <>
            <dt>Événement</dt>
            <dd>
              {delivery.eventTitle}
              {delivery.eventStart ? (
                <>
                  {", "}
                  <time dateTime={delivery.eventStart}>{longDate(delivery.eventStart)}</time>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        <dt>Lien de paiement</dt>
        <dd>
          {order.paymentUrl ? (
            <a href={order.paymentUrl} target="_blank" rel="noopener noreferrer">
              {order.paymentUrl}
            </a>
          ) : (
            "Pas encore envoyé"
          )}
        </dd>
        <dt>Numéro de suivi</dt>
        <dd>{order.trackingNumber || "—"}</dd>
      </dl>
    </Panel>
  );
}

function Message({ order }: { order: AdminOrder }) {
  return (
    <Panel title="Message du client">
      {order.message ? (
        <p className={styles.message}>{order.message}</p>
      ) : (
        <p className={ui.hint}>Aucun message.</p>
      )}
    </Panel>
  );
}

function History({ order }: { order: AdminOrder }) {
  return (
    <Panel title="Historique">
      <ol className={styles.history}>
        {order.steps.map((step, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a history only grows at its end.
          <li key={index}>
            <span className={styles.stepLabel}>{step.label}</span>
            <span className={ui.hint}>
              <time dateTime={step.at}>{longDateTime(step.at)}</time> — {step.adminName ?? "Client"}
            </span>
            {step.detail && step.status === "lien_envoye" ? (
              <span className={`${ui.hint} ${styles.breakable}`}>Lien : {step.detail}</span>
            ) : null}
            {step.detail && step.status === "expediee" ? (
              <span className={ui.hint}>Numéro de suivi : {step.detail}</span>
            ) : null}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

/**
 * A form of the page: posted by the fetcher when JavaScript runs, after the same check as the
 * server; posted as it is otherwise (the page's action answers, the page shows its message).
 */
function commandSubmitter(step: Step, onAsk: (intent: string) => void) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onAsk(String(form.get("intent")));
    const checked = parseForm(orderCommandSchema, form);
    if (!checked.ok) {
      step.setError(checked.firstError);
      return;
    }
    step.submit(form);
  };
}

function Hidden({ intent, orderId }: { intent: string; orderId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
    </>
  );
}

function Actions({ order }: { order: AdminOrder }) {
  const [asked, setAsked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const step = useAdminFetcher({ onSuccess: () => setConfirming(false) });
  const onSubmit = commandSubmitter(step, setAsked);
  const allowed = ORDER_TRANSITIONS[order.status];
  const errorFor = (intent: string) => (asked === intent && !confirming ? step.error : null);

  if (allowed.length === 0)
    return (
      <Panel title="Étapes">
        <p className={ui.hint}>
          {order.status === "livree"
            ? "Cette commande est livrée : aucune étape ne reste."
            : "Cette commande est annulée : aucune étape ne reste."}
        </p>
      </Panel>
    );

  return (
    <Panel title="Étapes">
      {/* Keyed on the last change: after a step, the fields start empty again. */}
      <div className={styles.actions} key={order.updatedAt}>
        {allowed.includes("lien_envoye") ? (
          <form method="post" className={styles.action} onSubmit={onSubmit} noValidate>
            <Hidden intent="send-payment-link" orderId={order.id} />
            <div className={ui.field}>
              <label htmlFor="commande-lien">Lien de paiement (https://…)</label>
              <input
                id="commande-lien"
                type="url"
                name="paymentUrl"
                inputMode="url"
                autoComplete="off"
                placeholder="https://"
                maxLength={2000}
                required
              />
            </div>
            <button type="submit" className={buttons.primary} disabled={step.busy}>
              Envoyer le lien de paiement
            </button>
            {order.status === "lien_envoye" ? (
              <p className={ui.hint}>Un lien a déjà été envoyé : un nouvel envoi le remplace.</p>
            ) : null}
            <FormError error={errorFor("send-payment-link")} />
          </form>
        ) : null}
        {allowed.includes("payee") ? (
          <form method="post" className={styles.action} onSubmit={onSubmit} noValidate>
            <Hidden intent="mark-paid" orderId={order.id} />
            <p className={ui.hint}>Les pièces quittent le stock ; une pièce unique passe dans la galerie.</p>
            <button type="submit" className={buttons.primary} disabled={step.busy}>
              Marquer payée
            </button>
            <FormError error={errorFor("mark-paid")} />
          </form>
        ) : null}
        {allowed.includes("expediee") ? (
          <form method="post" className={styles.action} onSubmit={onSubmit} noValidate>
            <Hidden intent="mark-shipped" orderId={order.id} />
            <div className={ui.field}>
              <label htmlFor="commande-suivi">Numéro de suivi (facultatif)</label>
              <input
                id="commande-suivi"
                type="text"
                name="trackingNumber"
                autoComplete="off"
                maxLength={100}
              />
            </div>
            <button type="submit" className={buttons.primary} disabled={step.busy}>
              Marquer expédiée
            </button>
            <FormError error={errorFor("mark-shipped")} />
          </form>
        ) : null}
        {allowed.includes("livree") ? (
          <form method="post" className={styles.action} onSubmit={onSubmit} noValidate>
            <Hidden intent="mark-delivered" orderId={order.id} />
            <button type="submit" className={buttons.primary} disabled={step.busy}>
              Marquer livrée
            </button>
            <FormError error={errorFor("mark-delivered")} />
          </form>
        ) : null}
        {allowed.includes("annulee") ? (
          <form
            method="post"
            className={styles.action}
            onSubmit={(event) => {
              // docs/product.md §5: what cannot be undone asks first (a plain post, without JavaScript, does not).
              event.preventDefault();
              setAsked("cancel");
              step.setError(null);
              setConfirming(true);
            }}
          >
            <Hidden intent="cancel" orderId={order.id} />
            <button type="submit" className={`${buttons.secondary} ${styles.cancel}`} disabled={step.busy}>
              Annuler la commande
            </button>
          </form>
        ) : null}
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Annuler la commande"
          message={
            <p>
              Annuler la commande {order.number} ?{" "}
              {order.status === "payee"
                ? "Ses pièces sont remises en vente."
                : "Ses pièces ne sont plus réservées."}{" "}
              Le client en est prévenu par email.
            </p>
          }
          confirmLabel="Annuler la commande"
          cancelLabel="Garder la commande"
          busy={step.busy}
          error={step.error}
          onConfirm={() => step.submit({ intent: "cancel", orderId: order.id })}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </Panel>
  );
}

/**
 * The order's hold against hoarding (ADR 022): whether the customer confirmed the address, what
 * waits for the seller's approval, and the two answers — accept (hold the rest if still free), or
 * release the pieces and block the address.
 */
function Holds({
  order,
  holdExpired,
  emailBlocked,
}: {
  order: AdminOrder;
  holdExpired: boolean;
  emailBlocked: boolean;
}) {
  const [asked, setAsked] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const step = useAdminFetcher({ onSuccess: () => setConfirming(false) });
  const onSubmit = commandSubmitter(step, setAsked);
  if (!HOLDING_STATUSES.includes(order.status))
    return emailBlocked ? (
      <Panel title="Réservation">
        <p className={ui.hint}>L'adresse {order.email} est bloquée : elle ne peut plus commander.</p>
      </Panel>
    ) : null;
  const waiting = order.lines.some((line) => line.heldQuantity < line.quantity);
  return (
    <Panel title="Réservation">
      <p data-confirmed={!order.awaitingConfirmation}>
        {!order.awaitingConfirmation ? (
          order.emailConfirmedAt ? (
            <>
              Adresse e-mail confirmée le{" "}
              <time dateTime={order.emailConfirmedAt}>{longDateTime(order.emailConfirmedAt)}</time>.
            </>
          ) : (
            "Adresse e-mail confirmée."
          )
        ) : (
          <>
            <strong>Adresse e-mail non confirmée</strong> : les pièces ne sont réservées que deux heures,
            jusqu'au <time dateTime={order.holdExpiresAt}>{longDateTime(order.holdExpiresAt)}</time>, sauf si
            le client suit le lien de confirmation.
          </>
        )}
      </p>
      {waiting ? (
        <form method="post" className={styles.action} onSubmit={onSubmit} noValidate>
          <Hidden intent="approve" orderId={order.id} />
          <p>
            <strong>En attente de validation</strong> : ce client réserve déjà autant de pièces qu'il le peut
            sans votre accord. Acceptez la commande pour réserver le reste, s'il est encore disponible.
          </p>
          <button type="submit" className={buttons.primary} disabled={step.busy || holdExpired}>
            Accepter et réserver toutes les pièces
          </button>
          <FormError error={asked === "approve" ? step.error : null} />
        </form>
      ) : null}
      <form
        method="post"
        className={styles.action}
        onSubmit={(event) => {
          // What cannot be undone asks first (docs/product.md §5); a plain post, without JavaScript, does not.
          event.preventDefault();
          setAsked("release-and-block");
          step.setError(null);
          setConfirming(true);
        }}
      >
        <Hidden intent="release-and-block" orderId={order.id} />
        <button type="submit" className={`${buttons.secondary} ${styles.cancel}`} disabled={step.busy}>
          Libérer les pièces et bloquer l'adresse
        </button>
        <p className={ui.hint}>
          Annule la commande sans prévenir le client et empêche {order.email} de commander à nouveau (vous
          pourrez la débloquer dans les paramètres).
        </p>
      </form>
      {confirming ? (
        <ConfirmDialog
          title="Libérer les pièces et bloquer l'adresse"
          message={
            <p>
              La commande {order.number} est annulée, ses pièces sont de nouveau en vente et {order.email} ne
              peut plus commander. Aucun e-mail n'est envoyé.
            </p>
          }
          confirmLabel="Libérer et bloquer"
          cancelLabel="Garder la commande"
          busy={step.busy}
          error={step.error}
          onConfirm={() => step.submit({ intent: "release-and-block", orderId: order.id })}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </Panel>
  );
}

/** What the order's invoice allows to refund (docs/product.md §10.25), as the page's loader gives it. */
export interface RefundBalance {
  invoiceNumber: string;
  invoicedCents: number;
  refundedCents: number;
  remainingCents: number;
}

/** "25,50": cents as the amount field takes them. */
function amountField(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

/**
 * The order's invoice and credit notes (docs/product.md §10.25), and « Remboursement »: recording a
 * refund issues a credit note against the invoice — up to what is left of it, dated from the payment
 * to today. A credit note cannot be withdrawn: the form asks first when JavaScript runs.
 */
function Documents({
  order,
  documents,
  balance,
  today,
}: {
  order: AdminOrder;
  documents: readonly DocumentLink[];
  balance: RefundBalance | null;
  today: string;
}) {
  const [pending, setPending] = useState<{ form: FormData; amountCents: number } | null>(null);
  const refund = useAdminFetcher({ onSuccess: () => setPending(null) });
  return (
    <Panel title="Facture et avoirs">
      {documents.length === 0 ? (
        <p className={ui.hint}>
          {HOLDING_STATUSES.includes(order.status)
            ? "La facture est émise automatiquement quand la commande est marquée payée."
            : // A cancelled order never paid, or one paid before invoices were issued here (migration 0016).
              "Aucune facture n'a été émise pour cette commande."}
        </p>
      ) : (
        <DocumentList documents={documents} className={styles.documents} />
      )}
      {balance && balance.refundedCents > 0 ? (
        <p className={ui.hint}>
          Remboursé : {formatPrice(balance.refundedCents)} sur {formatPrice(balance.invoicedCents)}.
        </p>
      ) : null}
      {balance && balance.remainingCents > 0 && order.status === "annulee" ? (
        <p className={ui.hint}>
          Cette commande payée a été annulée : enregistrez son remboursement pour émettre l'avoir.
        </p>
      ) : null}
      {balance && balance.remainingCents > 0 ? (
        <form
          method="post"
          className={styles.action}
          noValidate
          key={`${balance.refundedCents}`}
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const checked = parseForm(orderCommandSchema, form);
            if (!checked.ok) {
              refund.setError(checked.firstError);
              return;
            }
            refund.setError(null);
            setPending({
              form,
              amountCents: checked.data.intent === "record-refund" ? checked.data.amount : 0,
            });
          }}
        >
          <Hidden intent="record-refund" orderId={order.id} />
          <h3 className={styles.subheading}>Remboursement</h3>
          <div className={ui.field}>
            <label htmlFor="remboursement-montant">Montant remboursé (€)</label>
            <input
              id="remboursement-montant"
              type="text"
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              defaultValue={amountField(balance.remainingCents)}
              aria-describedby="remboursement-montant-aide"
              required
            />
            <p id="remboursement-montant-aide" className={ui.hint}>
              {formatPrice(balance.remainingCents)} au plus (facture {balance.invoiceNumber}).
            </p>
          </div>
          <div className={ui.field}>
            <label htmlFor="remboursement-date">Date du remboursement</label>
            <input
              id="remboursement-date"
              type="date"
              name="refundedAt"
              defaultValue={today}
              max={today}
              required
            />
          </div>
          <div className={ui.field}>
            <label htmlFor="remboursement-motif">Motif (facultatif)</label>
            <input id="remboursement-motif" type="text" name="reason" maxLength={200} autoComplete="off" />
          </div>
          <FormError error={pending ? null : refund.error} />
          <button type="submit" className={buttons.secondary} disabled={refund.busy}>
            Enregistrer le remboursement
          </button>
        </form>
      ) : null}
      {pending ? (
        <ConfirmDialog
          title="Enregistrer le remboursement"
          message={
            <p>
              Un avoir de {formatPrice(pending.amountCents)} sera émis sur la facture {balance?.invoiceNumber}
              . Un avoir ne peut pas être supprimé. Le client en est prévenu par e-mail.
            </p>
          }
          confirmLabel="Émettre l'avoir"
          cancelLabel="Revenir"
          busy={refund.busy}
          error={refund.error}
          onConfirm={() => refund.submit(pending.form)}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </Panel>
  );
}

function InternalNote({ order }: { order: AdminOrder }) {
  const note = useAdminFetcher();
  const onSubmit = commandSubmitter(note, () => {});
  return (
    <Panel title="Note interne">
      <form method="post" className={styles.note} onSubmit={onSubmit} noValidate key={order.internalNote}>
        <Hidden intent="save-note" orderId={order.id} />
        <div className={ui.field}>
          <label htmlFor="commande-note">Note pour la boutique (jamais montrée au client)</label>
          <textarea id="commande-note" name="note" defaultValue={order.internalNote} maxLength={5000} />
        </div>
        <FormError error={note.error} />
        <button type="submit" className={buttons.secondary} disabled={note.busy}>
          Enregistrer la note
        </button>
      </form>
    </Panel>
  );
}

export function AdminOrderPage({
  order,
  holdExpired,
  emailBlocked,
  documents,
  balance,
  today,
  answer,
  withdrawal = null,
}: {
  order: AdminOrder;
  holdExpired: boolean;
  emailBlocked: boolean;
  documents: readonly DocumentLink[];
  balance: RefundBalance | null;
  /** The shop's calendar day (YYYY-MM-DD): the refund date's default and latest. */
  today: string;
  /** The « Rétractation » block when the customer withdrew (docs/product.md §10.24). */
  withdrawal?: ReactNode;
  /** The action's answer to a plain form post (without JavaScript). */
  answer: { ok: true; message: string } | { ok: false; error: string } | null;
}) {
  return (
    <>
      <Link to="/admin/commandes" className={styles.back}>
        ← Toutes les commandes
      </Link>
      <div className={styles.heading}>
        <h1>
          Commande <span className={styles.nowrap}>{order.number}</span>
        </h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className={ui.hint}>
        Passée le <time dateTime={order.createdAt}>{longDateTime(order.createdAt)}</time>
        {order.updatedAt !== order.createdAt ? (
          <>
            {" "}
            · mise à jour le <time dateTime={order.updatedAt}>{longDateTime(order.updatedAt)}</time>
          </>
        ) : null}
      </p>
      {answer?.ok ? (
        <p className={styles.notice} role="status">
          {answer.message}
        </p>
      ) : null}
      <FormError error={answer && !answer.ok ? answer.error : null} />
      <div className={styles.grid}>
        <div className={styles.column}>
          <Lines order={order} holdExpired={holdExpired} />
          <Customer order={order} />
          <Delivery order={order} />
          <Message order={order} />
        </div>
        <div className={styles.column}>
          {withdrawal}
          <Holds order={order} holdExpired={holdExpired} emailBlocked={emailBlocked} />
          <Actions order={order} />
          <Documents order={order} documents={documents} balance={balance} today={today} />
          <History order={order} />
          <InternalNote order={order} />
        </div>
      </div>
    </>
  );
}
