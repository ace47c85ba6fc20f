/**
 * /alertes (docs/product.md §10.30): where the « Nouvelles créations » form posts. With JavaScript
 * the fetcher reads the action's answer in place; without, this page shows it, with the form again.
 */
import { PageIntro } from "~/components/page-intro";
import { AlertSignup } from "~/features/alerts/alert-signup";
import styles from "~/features/alerts/alerts.module.css";
import { alertCategories } from "~/features/alerts/alerts.server";
import { subscribeAction } from "~/features/alerts/subscribe-action.server";
import { pageMeta, siteOf } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/alerts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/alertes",
    title: "Nouvelles créations par e-mail — Nacre",
    description: "Recevez un e-mail quand de nouvelles pièces arrivent en boutique.",
  });

export async function loader() {
  return { categories: await alertCategories(getDb()) };
}

export const action = ({ request }: Route.ActionArgs) => subscribeAction(request);

export default function AlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className={styles.page}>
      <PageIntro title="Nouvelles créations par e-mail" />
      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"}>
          {actionData.ok ? actionData.message : actionData.error}
        </p>
      ) : null}
      {actionData?.ok ? null : <AlertSignup categories={loaderData.categories} idPrefix="alertes-page" />}
    </section>
  );
}
