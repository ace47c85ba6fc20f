/**
 * The loader shared by a piece's two pages: /catalogue/produit/{slug} while it is for sale,
 * /galerie/vendu/{slug} once sold (docs/product.md §2). Each page sends a piece of the other kind to
 * its own address; similar pieces are streamed, and their failure never fails the page.
 */
import { data, redirect } from "react-router";
import { getDb } from "~/server/context.server";
import { findProductBySlug, listSimilarProducts } from "./catalogue.server";
import { PRODUCT_PAGES, type ProductPageKind } from "./product-page-kinds";

export async function loadProductPage(kind: ProductPageKind, slug: string) {
  const db = getDb();
  const page = PRODUCT_PAGES[kind];
  const product = await findProductBySlug(db, slug);
  if (!product) throw data({ message: page.notFound(slug) }, { status: 404 });
  const sold = kind === "sold";
  if (product.isSold !== sold)
    throw redirect(`${PRODUCT_PAGES[product.isSold ? "sold" : "forSale"].path}/${product.slug}`);
  const similar = listSimilarProducts(db, product, { newestFirst: sold }).catch((error) => {
    console.error("Créations similaires indisponibles", error);
    return [];
  });
  return { product, similar };
}
