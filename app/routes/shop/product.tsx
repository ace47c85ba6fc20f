/**
 * /catalogue/produit/{slug} (spec §2 "Product page"): the piece with its photos, price, stock,
 * description and details, basket buttons, and similar pieces streamed in after the page.
 */
import { data, isRouteErrorResponse, redirect } from "react-router";
import { NotFoundNotice } from "~/components/not-found-notice";
import { ProductImages } from "~/components/product-images";
import { AddToCartButton, FavoriteButton } from "~/features/basket/basket-buttons";
import { BackButton } from "~/features/catalogue/back-button";
import { toGalleryImages } from "~/features/catalogue/gallery-images";
import {
  EditableProductDetails,
  EditButton,
  InlineEditNotice,
  useInlineEditing,
} from "~/features/catalogue/inline-edit";
import { toBasketProduct } from "~/features/catalogue/product-card";
import styles from "~/features/catalogue/product-details.module.css";
import { ProductFacts } from "~/features/catalogue/product-facts";
import { SimilarProducts } from "~/features/catalogue/similar-products";
import { formatPrice } from "~/lib/format";
import { privateMeta, productMeta, siteOf } from "~/lib/seo";
import { productStockLine } from "~/lib/stock";
import { findProductBySlug, listSimilarProducts } from "~/server/catalogue.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/product";

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const product = await findProductBySlug(db, params.slug);
  if (!product) {
    throw data({ message: `Le produit avec le slug "${params.slug}" n'a pas été trouvé.` }, { status: 404 });
  }
  // A sold piece lives in the gallery.
  if (product.isSold) throw redirect(`/galerie/vendu/${product.slug}`);
  // Secondary data is streamed: a failure there never fails the page.
  const similar = listSimilarProducts(db, product).catch((error) => {
    console.error("Créations similaires indisponibles", error);
    return [];
  });
  return { product, similar };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? productMeta(siteOf(matches), data.product) : privateMeta("Produit introuvable — Nacre");

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, similar } = loaderData;
  const editing = useInlineEditing();
  const basketProduct = toBasketProduct(product);
  return (
    <>
      <div className={styles.page}>
        <BackButton fallback="/catalogue" label="Retour" />
        <EditableProductDetails editing={editing} productId={product.id}>
          <div className={styles.columns}>
            <ProductImages
              key={product.id}
              images={toGalleryImages(product.images, product.name)}
              productName={product.name}
            />
            <div className={styles.info}>
              <h1>{product.name}</h1>
              <EditButton
                editing={editing}
                productId={product.id}
                productName={product.name}
                className={styles.editButton}
              />
              <p className={styles.price}>{formatPrice(product.priceCents)}</p>
              <p className={styles.stock}>
                {product.isUnique ? "Pièce unique · " : ""}
                {productStockLine(product)}
              </p>
              <p className={styles.description}>{product.description}</p>
              <ProductFacts product={product} />
              <div className={styles.actions}>
                <AddToCartButton product={basketProduct} />
                <FavoriteButton product={basketProduct} />
              </div>
            </div>
          </div>
        </EditableProductDetails>
      </div>
      <InlineEditNotice editing={editing} />
      <SimilarProducts products={similar} soldLinksToGallery />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message =
    isRouteErrorResponse(error) && error.status === 404
      ? String(error.data?.message)
      : "Une erreur est survenue lors du chargement du produit.";
  return <NotFoundNotice message={message} backTo="/catalogue" backLabel="Retour au catalogue" />;
}
