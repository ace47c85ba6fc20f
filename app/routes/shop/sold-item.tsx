import { data, isRouteErrorResponse } from "react-router";
import { NotFoundNotice } from "~/components/not-found-notice";
import { PageIntro } from "~/components/page-intro";
import { findProductBySlug } from "~/server/catalogue.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/sold-item";

export async function loader({ params }: Route.LoaderArgs) {
  const product = await findProductBySlug(getDb(), params.slug);
  if (!product) {
    throw data(
      { message: `La création avec le slug "${params.slug}" n'a pas été trouvée.` },
      { status: 404 },
    );
  }
  return { product };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.product.name} (vendu) — Nacre` : "Création introuvable — Nacre" },
];

export default function SoldItemPage({ loaderData }: Route.ComponentProps) {
  return <PageIntro eyebrow="Pièce vendue" title={loaderData.product.name} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && error.status === 404
      ? String(error.data?.message)
      : "Une erreur est survenue lors du chargement de la création.";
  return <NotFoundNotice message={message} backTo="/galerie" backLabel="Retour à la galerie" />;
}
