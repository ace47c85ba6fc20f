/**
 * The withdrawal function's place on an order's page and in 'Mes commandes' (docs/product.md §10.24,
 * Code de la consommation L221-21, D221-5): while the period runs, a clearly visible
 * « Renoncer au contrat ici »; once withdrawn, the declaration's date instead; after the period,
 * why it is gone. Nothing for an order without a contract.
 */
import { Link } from "react-router";
import buttons from "~/components/button.module.css";
import { dayMonthYear, frenchTime } from "~/lib/dates";
import styles from "./withdrawal.module.css";
import { frenchDay, WITHDRAWAL_CONTROL, WITHDRAWAL_DAYS, type WithdrawalNotice } from "./withdrawal-types";

export function WithdrawalNoticeBlock({
  notice,
  number,
}: {
  notice: WithdrawalNotice | null;
  number: string;
}) {
  if (!notice) return null;
  return (
    <section className={styles.notice} aria-label={`Droit de rétractation, commande ${number}`}>
      <h3>Droit de rétractation</h3>
      {notice.kind === "open" ? (
        <>
          <p>
            Vous pouvez renoncer à cette commande sans avoir à vous justifier{" "}
            {notice.lastDay
              ? `jusqu'au ${frenchDay(notice.lastDay)} inclus`
              : `jusqu'à ${WITHDRAWAL_DAYS} jours après sa livraison`}
            .
          </p>
          <Link className={buttons.secondary} to={notice.href}>
            {WITHDRAWAL_CONTROL}
            <span className="visually-hidden"> (commande {number})</span>
          </Link>
        </>
      ) : notice.kind === "declared" ? (
        <p>
          Vous vous êtes rétracté(e) de cette commande le {dayMonthYear(notice.declaredAt)} à{" "}
          {frenchTime(notice.declaredAt)}. L'accusé de réception vous a été envoyé par e-mail.
        </p>
      ) : (
        <p>{notice.message}</p>
      )}
    </section>
  );
}
