/**
 * /alertes/desinscription/:jeton (docs/product.md §10.30): the visible link of every list mail. The
 * page changes nothing; its button posts `List-Unsubscribe=One-Click` to the same address, which the
 * one-click endpoint answers (RFC 8058, features/alerts/one-click-endpoint.server.ts) and sends the
 * browser back here with ?fait=1.
 */
import buttons from "~/components/button.module.css";
import { PageIntro } from "~/components/page-intro";
import { ALERT_MESSAGES } from "~/features/alerts/alert-schema";
import styles from "~/features/alerts/alerts.module.css";
import { subscriptionOfToken } from "~/features/alerts/alerts.server";
import { getAppContext } from "~/server/context.server";
import type { Route } from "./+types/alerts-unsubscribe";

export const meta: Route.MetaFunction = () => [
  { title: "Se désinscrire — Nacre" },
  { name: "robots", content: "noindex" },
];

export function loader({ params, request }: Route.LoaderArgs) {
  const genuine = subscriptionOfToken(getAppContext().env.AUTH_SECRET, params.jeton) !== null;
  const done = new URL(request.url).searchParams.get("fait") === "1";
  return { genuine, done };
}

export default function UnsubscribePage({ loaderData, params }: Route.ComponentProps) {
  return (
    <section className={styles.page}>
      <PageIntro title="Se désinscrire des nouvelles créations" />
      {!loaderData.genuine ? (
        <p role="alert">{ALERT_MESSAGES.badLink}</p>
      ) : loaderData.done ? (
        <p role="status">{ALERT_MESSAGES.unsubscribed}</p>
      ) : (
        // A plain form, no JavaScript needed: the endpoint answers and comes back here.
        <form method="post" action={`/alertes/desinscription/${params.jeton}`}>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <p>Vous ne recevrez plus d'e-mails « Nouvelles créations ».</p>
          <button type="submit" className={buttons.primary}>
            Me désinscrire
          </button>
        </form>
      )}
    </section>
  );
}
