/**
 * /cgv/versions/{n} — one published version of the CGV, as it was (ADR 029): the text an order was
 * concluded under, which its customer opens from the order's page. Unknown numbers are a 404.
 */
import { data, isRouteErrorResponse } from "react-router";
import { NotFoundNotice } from "~/components/not-found-notice";
import { LegalPage } from "~/features/content/legal-page";
import { cgvVersionDocument, findCgvVersion, versionNumber } from "~/features/contract/cgv-versions.server";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/terms-of-sale-version";

const NOT_FOUND = "Cette version des conditions générales de vente n'existe pas.";

export async function loader({ params }: Route.LoaderArgs) {
  const number = versionNumber(params.numero);
  const version = number === null ? null : await findCgvVersion(getDb(), number);
  if (!version) throw data({ message: NOT_FOUND }, { status: 404 });
  return cgvVersionDocument(version);
}

// The page in force is /cgv: an older version is not for search engines.
export const meta: Route.MetaFunction = ({ data: loaded }) =>
  privateMeta(
    loaded
      ? `Conditions générales de vente, version ${loaded.version.number} — Nacre`
      : "Version introuvable — Nacre",
  );

export default function TermsOfSaleVersionPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage eyebrow={`Version ${loaderData.version.number}`} document={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <NotFoundNotice
      message={
        notFound ? NOT_FOUND : "Nous n'avons pas pu afficher ces conditions. Réessayez dans un instant."
      }
      backTo="/cgv"
      backLabel="Conditions générales de vente en vigueur"
    />
  );
}
