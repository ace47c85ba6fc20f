/**
 * /galerie/vendu/{slug} (spec §2 "Sold item page"): a sold piece with its photos, sold badge,
 * description and details, a link to the pieces for sale, and similar pieces.
 */
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import buttons from "~/components/button.module.css";
import { NotFoundNotice } from "~/components/not-found-notice";
import { ProductImages } from "~/components/product-images";
import { BackButton } from "~/features/catalogue/back-button";
import { toGalleryImages } from "~/features/catalogue/gallery-images";
import {
  EditableProductDetails,
  EditButton,
  InlineEditNotice,
  useInlineEditing,
} from "~/features/catalogue/inline-edit";
import styles from "~/features/catalogue/product-details.module.css";
import { ProductFacts } from "~/features/catalogue/product-facts";
import { SimilarProducts } from "~/features/catalogue/similar-products";
import { formatPrice } from "~/lib/format";
import { privateMeta, productMeta, siteOf } from "~/lib/seo";
import { findProductBySlug, listSimilarProducts } from "~/server/catalogue.server";
import { getDb } from "~/server/context.server";
import type { Route } from "./+types/sold-item";

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const product = await findProductBySlug(db, params.slug);
  if (!product) {
    throw data(
      { message: `La création avec le slug "${params.slug}" n'a pas été trouvée.` },
      { status: 404 },
    );
  }
  // Back on sale: its page is in the catalogue.
  if (!product.isSold) throw redirect(`/catalogue/produit/${product.slug}`);
  const similar = listSimilarProducts(db, product, { newestFirst: true }).catch((error) => {
    console.error("Créations similaires indisponibles", error);
    return [];
  });
  return { product, similar };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? productMeta(siteOf(matches), data.product) : privateMeta("Création introuvable — Nacre");

export default function SoldItemPage({ loaderData }: Route.ComponentProps) {
  const { product, similar } = loaderData;
  const editing = useInlineEditing();
  const badge = product.isUnique ? "Pièce Unique - Vendue" : "Vendue";
  return (
    <>
      <div className={styles.page}>
        <BackButton fallback="/galerie" label="Retour" />
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
              <p className={styles.soldBadge}>{badge}</p>
              <p className={styles.description}>{product.description}</p>
              <ProductFacts product={product} />
              <Link to="/catalogue" className={`${buttons.primary} ${styles.availableLink}`}>
                Voir les créations disponibles
              </Link>
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
      : "Une erreur est survenue lors du chargement de la création.";
  return <NotFoundNotice message={message} backTo="/galerie" backLabel="Retour à la galerie" />;
}
