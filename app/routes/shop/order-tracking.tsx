/**
 * /commande/{jeton}: an order's private page (docs/product.md §10.19), the link the customer gets by
 * e-mail. The token is the key: never indexed, never stored by a cache, never sent on as a Referer.
 */
import { data, isRouteErrorResponse } from "react-router";
import { NotFoundNotice } from "~/components/not-found-notice";
import { documentsOfTrackedOrder } from "~/features/invoices/invoices.server";
import { OrderTracking } from "~/features/orders/order-tracking";
import { findTrackedOrder } from "~/features/orders/order-tracking.server";
import { orderIdByToken, withdrawalNotices } from "~/features/withdrawal/withdrawal.server";
import { WithdrawalNoticeBlock } from "~/features/withdrawal/withdrawal-notice";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/order-tracking";

const NOT_FOUND = "Cette commande est introuvable : vérifiez le lien reçu par e-mail.";

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const [order, orderId] = await Promise.all([
    findTrackedOrder(db, params.jeton),
    orderIdByToken(db, params.jeton),
  ]);
  if (!order || !orderId) throw data({ message: NOT_FOUND }, { status: 404 });
  // The withdrawal function (docs/product.md §10.24): « Renoncer au contrat ici » while the period runs.
  const notices = await withdrawalNotices(
    db,
    [{ id: orderId, status: order.status }],
    new Date(),
    () => `/commande/${params.jeton}/retractation`,
  );
  // Its invoice and credit notes, downloaded through the same private link (docs/product.md §10.25).
  return {
    order,
    withdrawal: notices.get(orderId) ?? null,
    documents: await documentsOfTrackedOrder(db, params.jeton),
  };
}

// The security headers send no Referer from /commande/ pages (app/server/security-headers.server.ts).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...privateMeta(loaded ? `Commande ${loaded.order.number} — Nacre` : "Commande introuvable — Nacre"),
  { name: "referrer", content: "no-referrer" },
];

export default function OrderTrackingRoute({ loaderData, params }: Route.ComponentProps) {
  return (
    <OrderTracking
      order={loaderData.order}
      documents={loaderData.documents}
      cancelHref={`/commande/${params.jeton}/annuler`}
      withdrawal={<WithdrawalNoticeBlock notice={loaderData.withdrawal} number={loaderData.order.number} />}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <NotFoundNotice
      message={
        notFound ? NOT_FOUND : "Nous n'avons pas pu afficher cette commande. Réessayez dans un instant."
      }
      backTo="/"
      backLabel="Retour à l'accueil"
    />
  );
}
