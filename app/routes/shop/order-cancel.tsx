/**
 * /commande/{jeton}/annuler: the customer cancels an unpaid order reached by its private link
 * (docs/product.md §10.19, ADR 028): the page asks for confirmation, its form cancels. The token is
 * the key, as for the order's page: never indexed, never cached, never sent on as a Referer.
 */
import { data, isRouteErrorResponse, redirect } from "react-router";
import { NotFoundNotice } from "~/components/not-found-notice";
import { CancelOrderPage } from "~/features/orders/order-cancel-page";
import {
  CUSTOMER_CANCEL_MESSAGES,
  cancelOrderByCustomer,
  loadCancelPage,
} from "~/features/orders/order-cancellation.server";
import { orderIdByToken } from "~/features/withdrawal/withdrawal.server";
import { privateMeta } from "~/lib/seo";
import { getAppContext, getDb } from "~/server/context.server";
import { withFlash } from "~/server/flash.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/order-cancel";

const NOT_FOUND = "Cette commande est introuvable : vérifiez le lien reçu par e-mail.";

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const orderId = await orderIdByToken(db, params.jeton);
  const page = orderId ? await loadCancelPage(db, orderId) : null;
  if (!page) throw data({ message: NOT_FOUND }, { status: 404 });
  return { page };
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = getAppContext();
  const orderId = await orderIdByToken(ctx.db, params.jeton);
  if (!orderId) throw data({ message: NOT_FOUND }, { status: 404 });
  // The form carries nothing but the button; its body is still bounded like any other.
  await readLimitedForm(request);
  const done = await cancelOrderByCustomer(ctx, orderId);
  if (!done.ok) return data({ error: done.message }, { status: done.status });
  throw redirect(`/commande/${params.jeton}`, {
    status: 303,
    headers: withFlash(new Headers(), CUSTOMER_CANCEL_MESSAGES.done(done.order.number)),
  });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...privateMeta(
    loaded ? `Annuler la commande ${loaded.page.number} — Nacre` : "Commande introuvable — Nacre",
  ),
  { name: "referrer", content: "no-referrer" },
];

export default function OrderCancelRoute({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <CancelOrderPage
      page={loaderData.page}
      error={actionData?.error ?? null}
      backTo={`/commande/${params.jeton}`}
      backLabel="Retour à la commande"
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <NotFoundNotice
      message={notFound ? NOT_FOUND : "Nous n'avons pas pu afficher cette page. Réessayez dans un instant."}
      backTo="/"
      backLabel="Retour à l'accueil"
    />
  );
}
