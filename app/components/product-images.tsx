/**
 * The product page gallery: the main (LCP) image in a square frame with an optional badge, a row
 * of thumbnails that switch it, and the lightbox opened by clicking it. The lightbox code is only
 * fetched when needed, to keep it out of the page's first-load JavaScript.
 */
import { lazy, type ReactNode, Suspense, useState } from "react";
import { PLACEHOLDER_IMAGE } from "~/lib/images";
import styles from "./product-images.module.css";

export interface GalleryImage {
  /** Main display URL (800 px wide variant). */
  src: string;
  /** e.g. "/images/products/x.webp?w=400 400w, …?w=800 800w, …?w=1200 1200w". */
  srcSet: string;
  /** Large URL for the lightbox (1920 px variant). */
  zoomSrc: string;
  /** 100x100 square thumbnail URL. */
  thumbSrc: string;
  /** Intrinsic size of the stored image: gives the aspect ratio, so nothing shifts while loading. */
  width: number;
  height: number;
  alt: string;
}

interface ProductImagesProps {
  images: GalleryImage[];
  productName: string;
  badge?: ReactNode;
}

// One import shared by React.lazy and the hover/focus prefetch, so the chunk is fetched once.
const loadLightbox = () => import("./lightbox");
const Lightbox = lazy(() => loadLightbox().then((module) => ({ default: module.Lightbox })));

/**
 * The main photo's rendered width (measured): 560 px from 1200 px up, about half the page from
 * 900 px (photo and text side by side), the page less its margins below; a phone 412 px wide at
 * DPR 1.75 thus wants ≈ 665 px and takes the 800 px size.
 */
const MAIN_SIZES = "(min-width: 1200px) 560px, (min-width: 900px) 48vw, calc(100vw - 2rem)";

export function ProductImages({ images, productName, badge }: ProductImagesProps) {
  const [selected, setSelected] = useState(0);
  const [lightboxOpen, setLightboxOpen] = useState(false);
  // The image list can change under a mounted gallery (client navigation to another product).
  const current = selected < images.length ? selected : 0;
  const image = images[current];

  const badgeOverlay = badge ? <div className={styles.badge}>{badge}</div> : null;

  if (!image) {
    return (
      <div className={styles.gallery}>
        <div className={styles.stage}>
          <div className={styles.frame}>
            <img
              className={styles.image}
              src={PLACEHOLDER_IMAGE}
              width={800}
              height={800}
              // biome-ignore lint/a11y/noRedundantAlt: the text says a photo is missing, it is not "photo of…"
              alt={`Pas encore de photo pour ${productName}`}
              fetchPriority="high"
              loading="eager"
            />
          </div>
          {badgeOverlay}
        </div>
      </div>
    );
  }

  const prefetchLightbox = () => {
    void loadLightbox();
  };

  return (
    <div className={styles.gallery}>
      <div className={styles.stage}>
        <button
          type="button"
          className={`${styles.frame} ${styles.zoomable}`}
          aria-label="Agrandir l'image"
          aria-haspopup="dialog"
          onClick={() => setLightboxOpen(true)}
          onPointerEnter={prefetchLightbox}
          onFocus={prefetchLightbox}
        >
          {/* The LCP element: fetched eagerly and first. */}
          <img
            className={styles.image}
            src={image.src}
            srcSet={image.srcSet}
            sizes={MAIN_SIZES}
            width={image.width}
            height={image.height}
            alt={image.alt}
            fetchPriority="high"
            loading="eager"
          />
        </button>
        {badgeOverlay}
      </div>

      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Photos du produit">
          {images.map((thumb, position) => (
            <li key={thumb.thumbSrc}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Afficher l'image ${position + 1} sur ${images.length}`}
                aria-pressed={position === current}
                onClick={() => setSelected(position)}
              >
                <img src={thumb.thumbSrc} width={100} height={100} alt="" loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {lightboxOpen ? (
        <Suspense fallback={null}>
          <Lightbox
            images={images}
            index={current}
            open={lightboxOpen}
            onClose={() => setLightboxOpen(false)}
            onIndexChange={setSelected}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
