/** /catalogue — the pieces for sale, filtered and sorted on the server (docs/decisions/005). */

import { getReferenceLists, searchListing } from "~/features/catalogue/catalogue.server";
import { ListingPage } from "~/features/catalogue/listing-page";
import { parseListingQuery } from "~/features/catalogue/listing-query";
import { pageMeta, siteOf } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/catalogue";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/catalogue",
    title: "Catalogue — Nacre",
    description:
      "Colliers, bracelets, boucles d'oreilles et bagues en acier et perles de Tahiti, disponibles et faits main.",
  });

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const query = parseListingQuery(new URL(request.url).searchParams, "catalogue");
  const [references, listing] = await Promise.all([
    getReferenceLists(db),
    searchListing(db, "catalogue", query),
  ]);
  return { query, references, listing };
}

export default function CataloguePage({ loaderData }: Route.ComponentProps) {
  return (
    <ListingPage
      kind="catalogue"
      eyebrow="Nos créations"
      title="Catalogue"
      intro="Toutes les pièces disponibles, façonnées à la main, souvent en exemplaire unique."
      {...loaderData}
    />
  );
}
