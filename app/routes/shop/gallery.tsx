/** /galerie — the pieces already sold, for inspiration. */

import { useRouteLoaderData } from "react-router";
import { AlertSignup } from "~/features/alerts/alert-signup";
import styles from "~/features/alerts/alerts.module.css";
import { getReferenceLists, searchListing } from "~/features/catalogue/catalogue.server";
import { ListingPage } from "~/features/catalogue/listing-page";
import { parseListingQuery } from "~/features/catalogue/listing-query";
import { pageMeta, siteOf } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/gallery";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOf(matches), {
    path: "/galerie",
    title: "Galerie des créations vendues — Nacre",
    description:
      "Les bijoux Nacre qui ont déjà trouvé leur propriétaire : une source d'inspiration pour une commande.",
  });

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const query = parseListingQuery(new URL(request.url).searchParams, "gallery");
  const [references, listing] = await Promise.all([
    getReferenceLists(db),
    searchListing(db, "gallery", query),
  ]);
  return { query, references, listing };
}

export default function GalleryPage({ loaderData }: Route.ComponentProps) {
  const categories = useRouteLoaderData<typeof rootLoader>("root")?.alertCategories ?? [];
  return (
    <>
      <ListingPage
        kind="gallery"
        eyebrow="Pièces vendues"
        title="Galerie"
        intro="Les créations qui ont déjà trouvé leur propriétaire. Une pièce vous plaît ? Contactez-nous pour une création approchante."
        {...loaderData}
      />
      {/* Sold pieces leave people wanting the next ones (docs/product.md §10.30). */}
      <section className={styles.page} aria-label="Être prévenu(e) des nouvelles créations">
        <AlertSignup categories={categories} idPrefix="alertes-galerie" />
      </section>
    </>
  );
}
