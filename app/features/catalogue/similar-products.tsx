/**
 * 'Vous aimerez aussi...' (docs/product.md §2): up to 5 pieces sharing a category, in a row that scrolls
 * sideways with snap points and previous/next buttons. A sold piece shows 'Vendu' instead of its
 * price and links to the gallery page when `soldLinksToGallery` (the sold page), else to the
 * product page.
 */
import { Suspense, useRef } from "react";
import { Await, Link } from "react-router";
import { formatPrice } from "~/lib/format";
import { imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import type { CardProduct } from "./product-card";
import styles from "./similar-products.module.css";

export function productHref(
  product: Pick<CardProduct, "slug" | "isSold">,
  soldLinksToGallery: boolean,
): string {
  return product.isSold && soldLinksToGallery
    ? `/galerie/vendu/${product.slug}`
    : `/catalogue/produit/${product.slug}`;
}

function SimilarRow({
  products,
  soldLinksToGallery,
}: {
  products: CardProduct[];
  soldLinksToGallery: boolean;
}) {
  const rowRef = useRef<HTMLUListElement>(null);
  if (products.length === 0) return null;
  const scroll = (direction: 1 | -1) => {
    const row = rowRef.current;
    if (row) row.scrollBy({ left: direction * row.clientWidth * 0.8, behavior: "smooth" });
  };
  return (
    <section className={styles.section} aria-labelledby="vous-aimerez-aussi">
      <div className={styles.head}>
        <h2 id="vous-aimerez-aussi">Vous aimerez aussi...</h2>
        <div className={styles.arrows}>
          <button type="button" aria-label="Créations précédentes" onClick={() => scroll(-1)}>
            ‹
          </button>
          <button type="button" aria-label="Créations suivantes" onClick={() => scroll(1)}>
            ›
          </button>
        </div>
      </div>
      <ul ref={rowRef} className={styles.row}>
        {products.map((product) => (
          <li key={product.id} className={styles.item}>
            <Link to={productHref(product, soldLinksToGallery)} className={styles.link}>
              <img
                src={product.image ? imageUrl("products", product.image.fileName, 400) : PLACEHOLDER_IMAGE}
                alt=""
                width={400}
                height={400}
                loading="lazy"
                decoding="async"
              />
              <span className={styles.name}>{product.name}</span>
              <span className={product.isSold ? styles.sold : styles.price}>
                {product.isSold ? "Vendu" : formatPrice(product.priceCents)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Streams in after the page: a failure never breaks the product page (it just shows nothing). */
export function SimilarProducts(props: { products: Promise<CardProduct[]>; soldLinksToGallery: boolean }) {
  return (
    <Suspense fallback={null}>
      <Await resolve={props.products} errorElement={null}>
        {(products) => <SimilarRow products={products} soldLinksToGallery={props.soldLinksToGallery} />}
      </Await>
    </Suspense>
  );
}
