/**
 * /commande/{jeton}: an order's private page (docs/product.md §10.19), the link the customer gets by
 * e-mail. The token is the key: never indexed, never stored by a cache, never sent on as a Referer.
 */
import { data, isRouteErrorResponse } from "react-router";
import { NotFoundNotice } from "~/components/not-found-notice";
import { documentsOfTrackedOrder } from "~/features/invoices/invoices.server";
import { OrderTracking } from "~/features/orders/order-tracking";
import { findTrackedOrder } from "~/features/orders/order-tracking.server";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/order-tracking";

const NOT_FOUND = "Cette commande est introuvable : vérifiez le lien reçu par e-mail.";

export async function loader({ params }: Route.LoaderArgs) {
  const order = await findTrackedOrder(getDb(), params.jeton);
  if (!order) throw data({ message: NOT_FOUND }, { status: 404 });
  // Its invoice and credit notes, downloaded through the same private link (docs/product.md §10.24).
  return { order, documents: await documentsOfTrackedOrder(getDb(), params.jeton) };
}

// The security headers send no Referer from /commande/ pages (app/server/security-headers.server.ts).
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...privateMeta(loaded ? `Commande ${loaded.order.number} — Nacre` : "Commande introuvable — Nacre"),
  { name: "referrer", content: "no-referrer" },
];

export default function OrderTrackingRoute({ loaderData }: Route.ComponentProps) {
  return <OrderTracking order={loaderData.order} documents={loaderData.documents} />;
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
