/**
 * /commande/{jeton}/retractation: the withdrawal function reached from the order's private page
 * (docs/product.md §10.24, Code de la consommation L221-21, D221-5). The token is the key, as for the
 * order's page: never indexed, never cached, never sent on as a Referer.
 */
import { data, isRouteErrorResponse, redirect } from "react-router";
import { NotFoundNotice } from "~/components/not-found-notice";
import { loadDeclarationPage, orderIdByToken } from "~/features/withdrawal/withdrawal.server";
import { DeclarationPageView } from "~/features/withdrawal/withdrawal-page";
import { declaredMessage, submitDeclaration } from "~/features/withdrawal/withdrawal-request.server";
import { privateMeta } from "~/lib/seo";
import { getAppContext, getDb } from "~/server/context.server";
import { withFlash } from "~/server/flash.server";
import { readLimitedForm } from "~/server/uploads.server";
import type { Route } from "./+types/order-withdrawal";

const NOT_FOUND = "Cette commande est introuvable : vérifiez le lien reçu par e-mail.";

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const orderId = await orderIdByToken(db, params.jeton);
  const page = orderId ? await loadDeclarationPage(db, orderId, new Date()) : null;
  if (!page) throw data({ message: NOT_FOUND }, { status: 404 });
  return { page };
}

export async function action({ request, params }: Route.ActionArgs) {
  const ctx = getAppContext();
  const orderId = await orderIdByToken(ctx.db, params.jeton);
  if (!orderId) throw data({ message: NOT_FOUND }, { status: 404 });
  const outcome = await submitDeclaration(ctx, orderId, await readLimitedForm(request));
  if (!outcome.ok) return data({ failed: outcome.failed }, { status: outcome.status });
  throw redirect(`/commande/${params.jeton}`, {
    status: 303,
    headers: withFlash(new Headers(), declaredMessage(outcome.number, outcome.email)),
  });
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  ...privateMeta(
    loaded
      ? `Rétractation — commande ${loaded.page.state === "open" ? loaded.page.draft.number : loaded.page.number} — Nacre`
      : "Commande introuvable — Nacre",
  ),
  { name: "referrer", content: "no-referrer" },
];

export default function OrderWithdrawalRoute({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <DeclarationPageView
      page={loaderData.page}
      failed={actionData?.failed ?? null}
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
