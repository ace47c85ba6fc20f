/**
 * /galerie/vendu/{slug}: a sold piece (docs/product.md §2 "Sold item page"); the page itself is
 * shared with the piece for sale's (features/catalogue/product-page.tsx).
 */
import { ProductPage, ProductPageError } from "~/features/catalogue/product-page";
import { loadProductPage } from "~/features/catalogue/product-page.server";
import { PRODUCT_PAGES } from "~/features/catalogue/product-page-kinds";
import { privateMeta, productMeta, siteOf } from "~/lib/seo";
import type { Route } from "./+types/sold-item";

export const loader = ({ params }: Route.LoaderArgs) => loadProductPage("sold", params.slug);

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? productMeta(siteOf(matches), data.product) : privateMeta(PRODUCT_PAGES.sold.missingTitle);

export default function SoldItemRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ProductPage
      kind="sold"
      product={loaderData.product}
      safety={loaderData.safety}
      similar={loaderData.similar}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ProductPageError kind="sold" error={error} />;
}
