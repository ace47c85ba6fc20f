/**
 * /catalogue/produit/{slug}: a piece for sale (docs/product.md §2 "Product page"); the page itself is
 * shared with the sold piece's (features/catalogue/product-page.tsx).
 */
import { ProductPage, ProductPageError } from "~/features/catalogue/product-page";
import { loadProductPage } from "~/features/catalogue/product-page.server";
import { PRODUCT_PAGES } from "~/features/catalogue/product-page-kinds";
import { privateMeta, productMeta, siteOf } from "~/lib/seo";
import type { Route } from "./+types/product";

export const loader = ({ params }: Route.LoaderArgs) => loadProductPage("forSale", params.slug);

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? productMeta(siteOf(matches), data.product) : privateMeta(PRODUCT_PAGES.forSale.missingTitle);

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ProductPage
      kind="forSale"
      product={loaderData.product}
      safety={loaderData.safety}
      similar={loaderData.similar}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductPageError kind="forSale" error={error} />;
}
