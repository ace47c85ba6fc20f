import { data, isRouteErrorResponse } from "react-router";
import { NotFoundNotice } from "~/components/not-found-notice";
import { PageIntro } from "~/components/page-intro";
import { formatPrice } from "~/lib/format";
import { findProductBySlug } from "~/server/catalogue.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/product";

export async function loader({ params }: Route.LoaderArgs) {
  const product = await findProductBySlug(getDb(), params.slug);
  if (!product) {
    throw data({ message: `Le produit avec le slug "${params.slug}" n'a pas été trouvé.` }, { status: 404 });
  }
  return { product };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `${data.product.name} — Nacre` : "Produit introuvable — Nacre" },
];

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  return (
    <PageIntro eyebrow="Création" title={product.name}>
      <p>{formatPrice(product.priceCents)}</p>
    </PageIntro>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && error.status === 404
      ? String(error.data?.message)
      : "Une erreur est survenue lors du chargement du produit.";
  return <NotFoundNotice message={message} backTo="/catalogue" backLabel="Retour au catalogue" />;
}
