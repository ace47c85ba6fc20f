/**
 * /commande/{jeton}/confirmer: the customer confirms an order's e-mail address (docs/product.md
 * §10.19, ADR 022). The token is the single-use one the confirmation e-mail carries, never the
 * tracking link's. Opening the link changes nothing (mail scanners follow links): the page shows a
 * button, and only its POST confirms, then sends the customer to the order's page.
 */
import { data, Form, isRouteErrorResponse, redirect } from "react-router";
import buttons from "~/components/button.module.css";
import { NotFoundNotice } from "~/components/not-found-notice";
import { PageIntro } from "~/components/page-intro";
import { confirmOrderByLink } from "~/features/orders/order-flow.server";
import { findOrderToConfirm } from "~/features/orders/order-holds.server";
import styles from "~/features/orders/order-tracking.module.css";
import { CONFIRMATION_GONE, orderPagePath } from "~/features/orders/order-types";
import { frenchTime, longDate } from "~/lib/dates";
import { privateMeta } from "~/lib/seo";
import { getAppContext, getDb } from "~/server/context.server";
import { withFlash } from "~/server/flash.server";
import type { Route } from "./+types/order-confirmation";

export async function loader({ params }: Route.LoaderArgs) {
  const order = await findOrderToConfirm(getDb(), params.jeton);
  if (!order) throw data({ message: CONFIRMATION_GONE }, { status: 404 });
  return { order };
}

export async function action({ params }: Route.ActionArgs) {
  const confirmed = await confirmOrderByLink(getAppContext(), params.jeton);
  if (!confirmed.ok) throw data({ message: confirmed.message }, { status: confirmed.status });
  const { order } = confirmed;
  const held = order.lines.some((line) => line.heldQuantity > 0);
  const message = held
    ? `Merci ! Votre commande ${order.number} est confirmée : vos pièces vous sont réservées jusqu'au ${longDate(order.holdExpiresAt)} à ${frenchTime(order.holdExpiresAt)}.`
    : `Merci ! Votre commande ${order.number} est confirmée.`;
  throw redirect(orderPagePath(order.trackingToken), {
    status: 303,
    headers: withFlash(new Headers(), message),
  });
}

// The security headers send no Referer from /commande/ pages (app/server/security-headers.server.ts).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...privateMeta(loaded ? `Confirmer la commande ${loaded.order.number} — Nacre` : "Lien expiré — Nacre"),
  { name: "referrer", content: "no-referrer" },
];

export default function OrderConfirmationRoute({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <>
      <PageIntro
        eyebrow="Confirmation de commande"
        title={
          <>
            Commande <span className={styles.number}>{order.number}</span>
          </>
        }
      >
        <p>
          Confirmez votre commande pour que vos pièces vous restent réservées. Sans confirmation, la
          réservation prend fin le {longDate(order.holdExpiresAt)} à {frenchTime(order.holdExpiresAt)}.
        </p>
      </PageIntro>
      <Form method="post" className={styles.confirmForm}>
        <button type="submit" className={buttons.primary}>
          Confirmer ma commande
        </button>
      </Form>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <NotFoundNotice
      message={
        notFound
          ? CONFIRMATION_GONE
          : "Nous n'avons pas pu confirmer cette commande. Réessayez dans un instant."
      }
      backTo="/"
      backLabel="Retour à l'accueil"
    />
  );
}
