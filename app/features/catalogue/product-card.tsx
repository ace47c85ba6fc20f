/**
 * A piece in a listing (docs/product.md §2 "Catalogue page", "Gallery page"): first image or the placeholder,
 * name, price and stock label for pieces for sale, a 'Vendu' badge for sold ones; 'Modifier' for
 * admins.
 */
import { Link } from "react-router";
import { AddToCartButton, FavoriteButton } from "~/features/basket/basket-buttons";
import type { BasketProduct } from "~/features/basket/basket-types";
import { formatPrice } from "~/lib/format";
import { imageSrcSet, imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import { catalogueStockLabel, freeStock, isReserved } from "~/lib/stock";
import { EditButton, type InlineEditing } from "./inline-edit";
import styles from "./product-card.module.css";
import type { ProductCard as ProductCardShape } from "./product-types";

/** A listing card's piece; the units held are left out where no order can hold it (the gallery). */
export type CardProduct = Omit<ProductCardShape, "held"> & Partial<Pick<ProductCardShape, "held">>;

/** A card's rendered width (measured): four columns from 1024 px, two from 640 px, one below. */
export const CARD_SIZES =
  "(min-width: 1200px) 270px, (min-width: 1024px) 21vw, (min-width: 640px) 45vw, 92vw";

export function toBasketProduct(product: CardProduct): BasketProduct {
  return {
    productId: product.id,
    slug: product.slug,
    name: product.name,
    priceCents: product.priceCents,
    image: product.image,
    // What the basket may take: the units not held for someone's order.
    stock: freeStock(product),
    isUnique: product.isUnique,
    availability: isReserved(product) ? "reserved" : undefined,
  };
}

// `priority`: the first card's photo is the listing's largest paint, fetched before the others.
function CardImage({
  product,
  eager,
  priority,
}: {
  product: CardProduct;
  eager: boolean;
  priority: boolean;
}) {
  const { image } = product;
  return (
    <img
      className={styles.image}
      src={image ? imageUrl("products", image.fileName, 400) : PLACEHOLDER_IMAGE}
      srcSet={image ? imageSrcSet("products", image.fileName, image.width) : undefined}
      sizes={image ? CARD_SIZES : undefined}
      width={image?.width ?? 800}
      height={image?.height ?? 800}
      alt={image ? product.name : `Pas encore de photo pour ${product.name}`}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
    />
  );
}

interface CardProps {
  product: CardProduct;
  eager?: boolean;
  /** The first card: likely the largest image in view, fetched first. */
  priority?: boolean;
  /** The page's inline editing: admins get 'Modifier' on the card. */
  editing?: InlineEditing;
}

export function ProductCard({ product, eager = false, priority = false, editing }: CardProps) {
  const href = `/catalogue/produit/${product.slug}`;
  return (
    <article className={styles.card}>
      <Link to={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        <CardImage product={product} eager={eager} priority={priority} />
      </Link>
      <FavoriteButton product={toBasketProduct(product)} className={styles.heart} />
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className={styles.price}>{formatPrice(product.priceCents)}</p>
        <p
          className={styles.stock}
          data-out={isReserved(product) || (!product.isUnique && freeStock(product) <= 0)}
        >
          {catalogueStockLabel(product)}
        </p>
        <AddToCartButton product={toBasketProduct(product)} block />
        {editing ? <EditButton editing={editing} productId={product.id} productName={product.name} /> : null}
      </div>
    </article>
  );
}

export function SoldCard({ product, eager = false, priority = false, editing }: CardProps) {
  const href = `/galerie/vendu/${product.slug}`;
  return (
    <article className={styles.card}>
      <Link to={href} className={styles.media} tabIndex={-1} aria-hidden="true">
        <CardImage product={product} eager={eager} priority={priority} />
      </Link>
      <span className={styles.soldBadge}>Vendu</span>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to={href}>{product.name}</Link>
        </h3>
        {editing ? <EditButton editing={editing} productId={product.id} productName={product.name} /> : null}
      </div>
    </article>
  );
}
