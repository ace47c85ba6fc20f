/**
 * /alertes/confirmer/:jeton (docs/product.md §10.30): the double opt-in's link. Opening it changes
 * nothing — mail scanners open links — it shows a button, whose POST confirms (ADR 033).
 */
import { Form } from "react-router";
import buttons from "~/components/button.module.css";
import { PageIntro } from "~/components/page-intro";
import { ALERT_MESSAGES } from "~/features/alerts/alert-schema";
import styles from "~/features/alerts/alerts.module.css";
import { alertShop, confirmationIsValid, confirmSubscription } from "~/features/alerts/alerts.server";
import { getAppContext, getDb } from "~/server/context.server";
import type { Route } from "./+types/alerts-confirm";

export const meta: Route.MetaFunction = () => [
  { title: "Confirmer l'inscription — Nacre" },
  { name: "robots", content: "noindex" },
];

export async function loader({ params }: Route.LoaderArgs) {
  return { valid: await confirmationIsValid(getDb(), params.jeton) };
}

export async function action({ params }: Route.ActionArgs) {
  const ctx = getAppContext();
  const confirmed = await confirmSubscription(ctx, await alertShop(ctx.db), params.jeton);
  if (!confirmed) return Response.json({ ok: false, error: ALERT_MESSAGES.badLink }, { status: 404 });
  return { ok: true, message: ALERT_MESSAGES.confirmed };
}

export default function ConfirmAlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData && "ok" in actionData && actionData.ok;
  return (
    <section className={styles.page}>
      <PageIntro title="Nouvelles créations par e-mail" />
      {done ? (
        <p role="status">{ALERT_MESSAGES.confirmed}</p>
      ) : loaderData.valid ? (
        <Form method="post">
          <p>Confirmez-vous vouloir recevoir nos nouvelles créations par e-mail ?</p>
          <button type="submit" className={buttons.primary}>
            Confirmer mon inscription
          </button>
        </Form>
      ) : (
        <p role="alert">{ALERT_MESSAGES.badLink}</p>
      )}
    </section>
  );
}
