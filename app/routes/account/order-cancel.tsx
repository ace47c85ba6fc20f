/**
 * /mon-compte/commandes/{id}/annuler: the signed-in customer cancels one of their unpaid orders from
 * 'Mes commandes' (docs/product.md §10.19, ADR 028). Only their own orders: any other id is not found.
 */
import { data, isRouteErrorResponse, redirect } from "react-router";
import { NotFoundNotice } from "~/components/not-found-notice";
import { CancelOrderPage } from "~/features/orders/order-cancel-page";
import {
  CUSTOMER_CANCEL_MESSAGES,
  cancelOrderByCustomer,
  loadCancelPage,
} from "~/features/orders/order-cancellation.server";
import { ownOrderId } from "~/features/withdrawal/withdrawal.server";
import { privateMeta } from "~/lib/seo";
import { getAppContext, getDb } from "~/server/context.server";
import { withFlash } from "~/server/flash.server";
import { requireUser } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/order-cancel";

const NOT_FOUND = "Cette commande est introuvable dans votre compte.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const orderId = await ownOrderId(db, user.id, params.id);
  const page = orderId ? await loadCancelPage(db, orderId) : null;
  if (!page) throw data({ message: NOT_FOUND }, { status: 404 });
  return { page };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const ctx = getAppContext();
  const orderId = await ownOrderId(ctx.db, user.id, params.id);
  if (!orderId) throw data({ message: NOT_FOUND }, { status: 404 });
  await readLimitedForm(request);
  const done = await cancelOrderByCustomer(ctx, orderId);
  if (!done.ok) return data({ error: done.message }, { status: done.status });
  throw redirect("/mon-compte#commandes", {
    status: 303,
    headers: withFlash(new Headers(), CUSTOMER_CANCEL_MESSAGES.done(done.order.number)),
  });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  privateMeta(loaded ? `Annuler la commande ${loaded.page.number} — Nacre` : "Commande introuvable — Nacre");

export default function AccountOrderCancelRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CancelOrderPage
      page={loaderData.page}
      error={actionData?.error ?? null}
      backTo="/mon-compte#commandes"
      backLabel="Retour à mes commandes"
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <NotFoundNotice
      message={notFound ? NOT_FOUND : "Nous n'avons pas pu afficher cette page. Réessayez dans un instant."}
      backTo="/mon-compte"
      backLabel="Retour à mon compte"
    />
  );
}
