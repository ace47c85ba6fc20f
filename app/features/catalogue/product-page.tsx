/**
 * A piece's page, for sale or sold (docs/product.md §2 "Product page", "Sold item page"): photos
 * with zoom, name, price, then the stock line and basket buttons while for sale, or the sold badge
 * and a link to the pieces available once sold; details, admin inline editing, similar pieces.
 */
import { isRouteErrorResponse, Link } from "react-router";
import buttons from "~/components/button.module.css";
import { NotFoundNotice } from "~/components/not-found-notice";
import { ProductImages } from "~/components/product-images";
import { AddToCartButton, FavoriteButton } from "~/features/basket/basket-buttons";
import type { MakerIdentity } from "~/features/settings/product-safety-schema";
import { formatPrice } from "~/lib/format";
import { productStockLine } from "~/lib/stock";
import { BackButton } from "./back-button";
import { toGalleryImages } from "./gallery-images";
import { EditableProductDetails, EditButton, InlineEditNotice, useInlineEditing } from "./inline-edit";
import { type CardProduct, toBasketProduct } from "./product-card";
import styles from "./product-details.module.css";
import { ProductFacts, type ProductFactsProps } from "./product-facts";
import { PRODUCT_PAGES, type ProductPageKind } from "./product-page-kinds";
import { ProductSafetySection } from "./product-safety-section";
import type { ImageRef } from "./product-types";
import { SimilarProducts } from "./similar-products";

type PageProduct = CardProduct &
  ProductFactsProps["product"] & {
    description: string;
    reference: string;
    images: ImageRef[];
  };

export function ProductPage({
  kind,
  product,
  safety,
  similar,
}: {
  kind: ProductPageKind;
  product: PageProduct;
  safety: { maker: MakerIdentity; text: string };
  similar: Promise<CardProduct[]>;
}) {
  const editing = useInlineEditing();
  return (
    <>
      <div className={styles.page}>
        <BackButton fallback={PRODUCT_PAGES[kind].listing} label="Retour" />
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
              {kind === "forSale" ? (
                <p className={styles.stock}>
                  {product.isUnique ? "Pièce unique · " : ""}
                  {productStockLine(product)}
                </p>
              ) : (
                <p className={styles.soldBadge}>{product.isUnique ? "Pièce Unique - Vendue" : "Vendue"}</p>
              )}
              <p className={styles.description}>{product.description}</p>
              <ProductFacts product={product} />
              {kind === "forSale" ? (
                <div className={styles.actions}>
                  <AddToCartButton product={toBasketProduct(product)} />
                  <FavoriteButton product={toBasketProduct(product)} />
                </div>
              ) : (
                <Link to="/catalogue" className={`${buttons.primary} ${styles.availableLink}`}>
                  Voir les créations disponibles
                </Link>
              )}
            </div>
          </div>
        </EditableProductDetails>
        <ProductSafetySection reference={product.reference} safety={safety} />
      </div>
      <InlineEditNotice editing={editing} />
      <SimilarProducts products={similar} soldLinksToGallery />
    </>
  );
}

export function ProductPageError({ kind, error }: { kind: ProductPageKind; error: unknown }) {
  const page = PRODUCT_PAGES[kind];
  const message =
    isRouteErrorResponse(error) && error.status === 404 ? String(error.data?.message) : page.loadError;
  return <NotFoundNotice message={message} backTo={page.listing} backLabel={page.backLabel} />;
}
