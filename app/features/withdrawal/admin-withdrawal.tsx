/**
 * The seller's « Rétractation » block on an order's page (docs/product.md §10.24): the declaration's
 * date, pieces and reason, the refund's deadline (Code de la consommation L221-24), then
 * « Retour reçu » (the pieces go back on sale) and « Remboursée » (amount, day; by default the pieces'
 * prices, and the delivery's when the whole order is withdrawn, L221-24). An overdue refund is
 * said in red. Each form posts to the order page's action, through a fetcher when JavaScript runs.
 */
import type { FormEvent } from "react";
import { FormError } from "~/components/admin/admin-dialog";
import ui from "~/components/admin/admin-ui.module.css";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import buttons from "~/components/button.module.css";
import orderStyles from "~/features/orders/admin-orders.module.css";
import { dayMonthYear, frenchTime } from "~/lib/dates";
import { parseForm } from "~/lib/form";
import { formatLineTotal, formatPrice } from "~/lib/format";
import { withdrawalCommandSchema } from "./withdrawal-schema";
import type { AdminWithdrawal } from "./withdrawal-types";
import { frenchDay } from "./withdrawal-types";

const moment = (iso: string) => `${dayMonthYear(iso)} à ${frenchTime(iso)}`;

/** "12,50": the refund's default amount as the seller types it. */
function euros(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

export function AdminWithdrawalBlock({
  orderId,
  withdrawal,
}: {
  orderId: string;
  withdrawal: AdminWithdrawal;
}) {
  const step = useAdminFetcher();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = parseForm(withdrawalCommandSchema, form);
    if (!checked.ok) {
      step.setError(checked.firstError);
      return;
    }
    step.submit(form);
  };
  const w = withdrawal;
  return (
    <section className={orderStyles.panel} aria-labelledby="retractation-titre" data-overdue={w.overdue}>
      <h2 id="retractation-titre">Rétractation</h2>
      <p>
        Déclarée le <time dateTime={w.declaredAt}>{moment(w.declaredAt)}</time> par {w.customerName} (accusé
        de réception envoyé à {w.email}).
      </p>
      <ul>
        {w.lines.map((line) => (
          <li key={line.id}>
            {line.name} × {line.quantity} — {formatLineTotal(line.unitPriceCents, line.quantity)}
          </li>
        ))}
      </ul>
      <p>Motif : {w.reason || <span className={ui.hint}>non indiqué</span>}</p>
      {w.refundedAt ? null : (
        <p>
          {w.overdue ? <strong className={orderStyles.flag}>Remboursement en retard</strong> : null} À
          rembourser au plus tard le <strong>{frenchDay(w.refundDeadline)}</strong> (14 jours après la
          rétractation, article L221-24 du Code de la consommation ; vous pouvez attendre le retour des pièces
          ou la preuve de leur expédition).
        </p>
      )}
      <ol className={orderStyles.history} aria-label="Étapes de la rétractation">
        <li>
          <span className={orderStyles.stepLabel}>Retour reçu</span>{" "}
          <span className={ui.hint}>
            {w.returnReceivedAt ? (
              <>
                le <time dateTime={w.returnReceivedAt}>{moment(w.returnReceivedAt)}</time> — pièces remises en
                vente
              </>
            ) : (
              "pas encore"
            )}
          </span>
        </li>
        <li>
          <span className={orderStyles.stepLabel}>Remboursée</span>{" "}
          <span className={ui.hint}>
            {w.refundedAt && w.refundCents !== null
              ? `${formatPrice(w.refundCents)} le ${frenchDay(w.refundedAt.slice(0, 10))}`
              : "pas encore"}
          </span>
        </li>
      </ol>
      <div className={orderStyles.actions}>
        {w.returnReceivedAt ? null : (
          <form method="post" className={orderStyles.action} onSubmit={onSubmit} noValidate>
            <input type="hidden" name="intent" value="withdrawal-return-received" />
            <input type="hidden" name="orderId" value={orderId} />
            <p className={ui.hint}>
              Les pièces retournées sont remises en vente ; une pièce unique quitte la galerie.
            </p>
            <button type="submit" className={buttons.primary} disabled={step.busy}>
              Retour reçu
            </button>
          </form>
        )}
        {w.refundedAt ? null : (
          <form method="post" className={orderStyles.action} onSubmit={onSubmit} noValidate>
            <input type="hidden" name="intent" value="withdrawal-refunded" />
            <input type="hidden" name="orderId" value={orderId} />
            <div className={ui.field}>
              <label htmlFor="retractation-montant">Montant remboursé (€)</label>
              <input
                id="retractation-montant"
                type="text"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                maxLength={20}
                defaultValue={euros(w.defaultRefundCents)}
                aria-describedby="retractation-montant-aide"
                required
              />
              <p id="retractation-montant-aide" className={ui.hint}>
                {w.deliveryRefundCents > 0
                  ? `Les pièces et la livraison (${formatPrice(w.deliveryRefundCents)}) : toute la commande est rétractée (article L221-24 du Code de la consommation).`
                  : "Le prix des pièces rétractées."}
              </p>
            </div>
            <div className={ui.field}>
              <label htmlFor="retractation-date">Date du remboursement</label>
              <input
                id="retractation-date"
                type="date"
                name="refundedOn"
                min={w.declaredDay}
                max={w.today}
                defaultValue={w.today}
                required
              />
            </div>
            <button type="submit" className={buttons.primary} disabled={step.busy}>
              Remboursée
            </button>
          </form>
        )}
      </div>
      <FormError error={step.error} />
    </section>
  );
}
