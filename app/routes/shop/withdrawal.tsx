/**
 * /retractation (docs/product.md §10.24): the withdrawal function for anyone holding an order's
 * number and its e-mail, reached from the footer's « Rétractation » on every page (Code de la
 * consommation L221-21, D221-5: easily accessible). How it answers without telling whether an order
 * exists: ADR 027.
 */
import { data, Form, redirect } from "react-router";
import buttons from "~/components/button.module.css";
import { Field } from "~/components/field";
import { PageIntro } from "~/components/page-intro";
import styles from "~/features/withdrawal/withdrawal.module.css";
import { DeclarationForm } from "~/features/withdrawal/withdrawal-form";
import { answerWithdrawalLookup } from "~/features/withdrawal/withdrawal-lookup.server";
import { declaredMessage } from "~/features/withdrawal/withdrawal-request.server";
import { WITHDRAWAL_DAYS } from "~/features/withdrawal/withdrawal-types";
import { pageMeta, siteOf } from "~/lib/seo";
import { getAppContext } from "~/server/context.server";
import { withFlash } from "~/server/flash.server";
import { clientAddress } from "~/server/rate-limit.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/withdrawal";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/retractation",
    title: "Rétractation — Nacre",
    description:
      "Renoncez à une commande en ligne dans les 14 jours suivant sa livraison : numéro de commande et adresse e-mail suffisent.",
  });

export async function action({ request }: Route.ActionArgs) {
  const answer = await answerWithdrawalLookup(
    getAppContext(),
    await readLimitedForm(request),
    clientAddress(request),
  );
  if (answer.step === "declared")
    throw redirect("/retractation", {
      status: 303,
      headers: withFlash(new Headers(), declaredMessage(answer.number, answer.email)),
    });
  return data(answer, { status: answer.status });
}

export default function WithdrawalRoute({ actionData }: Route.ComponentProps) {
  const answer = actionData ?? null;
  return (
    <>
      <PageIntro eyebrow="Droit de rétractation" title="Renoncer à une commande">
        <p>
          Vous avez {WITHDRAWAL_DAYS} jours après la livraison pour renoncer à votre achat, sans avoir à vous
          justifier (article L221-18 du Code de la consommation). Le plus simple : le bouton « Renoncer au
          contrat ici » de la page de votre commande (lien reçu par e-mail, ou « Mes commandes » dans votre
          compte). Sinon, indiquez ci-dessous le numéro de la commande et l'adresse e-mail donnée en
          commandant.
        </p>
      </PageIntro>
      <div className={styles.layout}>
        <section className={styles.card} aria-label="Retrouver votre commande">
          {answer?.step === "form" ? (
            <DeclarationForm
              draft={answer.draft}
              failed={answer.failed}
              hidden={{ number: answer.proof.number, orderEmail: answer.proof.orderEmail }}
            />
          ) : answer?.step === "closed" ? (
            <p role="status">{answer.message}</p>
          ) : (
            <Form method="post" className={styles.form}>
              <input type="hidden" name="intent" value="trouver" />
              <Field
                id="retractation-numero"
                label="Numéro de commande"
                name="number"
                autoComplete="off"
                placeholder="NAC-2026-0042"
                required
                maxLength={30}
                defaultValue={answer?.step === "lookup" ? answer.values.number : ""}
                error={answer?.step === "lookup" ? answer.fieldErrors.number : null}
              />
              <Field
                id="retractation-email-commande"
                label="Adresse e-mail de la commande"
                type="email"
                name="orderEmail"
                autoComplete="email"
                required
                maxLength={200}
                defaultValue={answer?.step === "lookup" ? answer.values.orderEmail : ""}
                error={answer?.step === "lookup" ? answer.fieldErrors.orderEmail : null}
              />
              {answer?.step === "lookup" ? (
                <p className={styles.error} role="alert">
                  {answer.message}
                </p>
              ) : null}
              <button type="submit" className={buttons.primary}>
                Retrouver ma commande
              </button>
            </Form>
          )}
        </section>
      </div>
    </>
  );
}
