/**
 * /mon-compte/commandes/{id}/retractation: the withdrawal function reached from 'Mes commandes'
 * (docs/product.md §10.24, Code de la consommation L221-21, D221-5). Only the signed-in customer's
 * own orders: any other id is not found.
 */
import { data, isRouteErrorResponse, redirect } from "react-router";
import { NotFoundNotice } from "~/components/not-found-notice";
import { loadDeclarationPage, ownOrderId } from "~/features/withdrawal/withdrawal.server";
import { DeclarationPageView } from "~/features/withdrawal/withdrawal-page";
import { declaredMessage, submitDeclaration } from "~/features/withdrawal/withdrawal-request.server";
import { privateMeta } from "~/lib/seo";
import { getAppContext, getDb } from "~/server/context.server";
import { withFlash } from "~/server/flash.server";
import { requireUser } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/order-withdrawal";

const NOT_FOUND = "Cette commande est introuvable dans votre compte.";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const orderId = await ownOrderId(db, user.id, params.id);
  const page = orderId ? await loadDeclarationPage(db, orderId, new Date()) : null;
  if (!page) throw data({ message: NOT_FOUND }, { status: 404 });
  return { page };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const ctx = getAppContext();
  const orderId = await ownOrderId(ctx.db, user.id, params.id);
  if (!orderId) throw data({ message: NOT_FOUND }, { status: 404 });
  const outcome = await submitDeclaration(ctx, orderId, await readLimitedForm(request));
  if (!outcome.ok) return data({ failed: outcome.failed }, { status: outcome.status });
  throw redirect("/mon-compte#commandes", {
    status: 303,
    headers: withFlash(new Headers(), declaredMessage(outcome.number, outcome.email)),
  });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  privateMeta(
    loaded
      ? `Rétractation — commande ${loaded.page.state === "open" ? loaded.page.draft.number : loaded.page.number} — Nacre`
      : "Commande introuvable — Nacre",
  );

export default function AccountOrderWithdrawalRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <DeclarationPageView
      page={loaderData.page}
      failed={actionData?.failed ?? null}
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
