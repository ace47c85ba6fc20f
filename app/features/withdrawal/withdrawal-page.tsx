/**
 * The page behind « Renoncer au contrat ici » (docs/product.md §10.24): the declaration while the
 * period runs; otherwise the declaration's date, or why the function is gone.
 */
import { Link } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { dayMonthYear, frenchTime } from "~/lib/dates";
import styles from "./withdrawal.module.css";
import { DeclarationForm } from "./withdrawal-form";
import type { DeclarationErrors, DeclarationPage } from "./withdrawal-types";

export function DeclarationPageView({
  page,
  failed,
  backTo,
  backLabel,
}: {
  page: DeclarationPage;
  failed?: DeclarationErrors | null;
  backTo: string;
  backLabel: string;
}) {
  const number = page.state === "open" ? page.draft.number : page.number;
  return (
    <>
      <PageIntro
        eyebrow="Droit de rétractation"
        title={
          <>
            Commande <span className={styles.number}>{number}</span>
          </>
        }
      >
        <p>
          Vous pouvez renoncer à votre achat sans avoir à vous justifier (article L221-18 du Code de la
          consommation). Nous vous remboursons au plus tard 14 jours après votre déclaration.
        </p>
      </PageIntro>
      <div className={styles.layout}>
        <section className={styles.card}>
          {page.state === "open" ? (
            <DeclarationForm draft={page.draft} failed={failed} />
          ) : page.state === "declared" ? (
            <p>
              Vous vous êtes rétracté(e) de cette commande le {dayMonthYear(page.declaredAt)} à{" "}
              {frenchTime(page.declaredAt)}. L'accusé de réception vous a été envoyé par e-mail.
            </p>
          ) : (
            <p>{page.message}</p>
          )}
          <p>
            <Link to={backTo}>{backLabel}</Link>
          </p>
        </section>
      </div>
    </>
  );
}
