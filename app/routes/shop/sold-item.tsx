/**
 * /galerie/vendu/{slug}: a sold piece (docs/product.md §2 "Sold item page"); the page itself is
 * shared with the piece for sale's (features/catalogue/product-page.tsx).
 */
import { useRouteLoaderData } from "react-router";
import { AlertSignup } from "~/features/alerts/alert-signup";
import styles from "~/features/alerts/alerts.module.css";
import { ProductPage, ProductPageError } from "~/features/catalogue/product-page";
import { loadProductPage } from "~/features/catalogue/product-page.server";
import { PRODUCT_PAGES } from "~/features/catalogue/product-page-kinds";
import { privateMeta, productMeta, siteOf } from "~/lib/seo";
import type { loader as rootLoader } from "../../root";
import type { Route } from "./+types/sold-item";

export const loader = ({ params }: Route.LoaderArgs) => loadProductPage("sold", params.slug);

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? productMeta(siteOf(matches), data.product) : privateMeta(PRODUCT_PAGES.sold.missingTitle);

export default function SoldItemRoute({ loaderData }: Route.ComponentProps) {
  const categories = useRouteLoaderData<typeof rootLoader>("root")?.alertCategories ?? [];
  return (
    <>
      <ProductPage
        kind="sold"
        product={loaderData.product}
        safety={loaderData.safety}
        similar={loaderData.similar}
      />
      {/* This one is gone: the next ones can be told (docs/product.md §10.30). */}
      <section className={styles.page} aria-label="Être prévenu(e) des nouvelles créations">
        <AlertSignup categories={categories} idPrefix="alertes-vendu" />
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductPageError kind="sold" error={error} />;
}
