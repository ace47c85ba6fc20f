/**
 * docs/product.md §1 "Home hero": a full-width slider of 6 background images advancing every 5000 ms, with
 * previous/next arrows that wrap around, the greeting, a subtitle and 'Découvrir les créations'.
 * The first image is the page's largest paint: loaded at once with high priority. The page as sent
 * carries only that one (ADR 009, "What the first paint needs"): the five others, stacked under it
 * and so inside the first screen, would otherwise be fetched with it on a phone's narrow link; they
 * are added once the page is live, seconds before the first turn.
 */
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import buttons from "~/components/button.module.css";
import { imageSrcSet, imageUrl } from "~/lib/images";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import styles from "./hero-slider.module.css";

export const HERO_INTERVAL_MS = 5000;

export interface HeroImage {
  fileName: string;
  alt: string;
  width: number;
  height: number;
}

export function HeroSlider({ images, subtitle }: { images: HeroImage[]; subtitle: string }) {
  const [index, setIndex] = useState(0);
  const [timerKey, setTimerKey] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  const count = images.length;

  const go = useCallback(
    (next: number) => {
      setIndex(((next % count) + count) % count);
      setTimerKey((key) => key + 1); // a manual move restarts the 5 s wait
    },
    [count],
  );

  // False in the server's HTML and in the render that hydrates it, so both carry the first slide only.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  const [autoplay, setAutoplay] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: timerKey restarts the interval on purpose.
  useEffect(() => {
    if (count < 2 || reducedMotion) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), HERO_INTERVAL_MS);
    setAutoplay(true);
    return () => {
      window.clearInterval(timer);
      setAutoplay(false);
    };
  }, [count, reducedMotion, timerKey]);

  return (
    <section
      className={styles.hero}
      aria-roledescription="carrousel"
      aria-label="Bienvenue chez Nacre"
      data-autoplay={autoplay ? "on" : "off"}
    >
      <div className={styles.slides}>
        {images.map((image, position) =>
          position === 0 || live ? (
            <img
              key={image.fileName}
              className={styles.slide}
              data-active={position === index}
              src={imageUrl("site", image.fileName, 1200, image.width)}
              srcSet={imageSrcSet("site", image.fileName, image.width)}
              sizes="100vw"
              width={image.width}
              height={image.height}
              alt={position === index ? image.alt : ""}
              aria-hidden={position !== index}
              loading={position === 0 ? "eager" : "lazy"}
              fetchPriority={position === 0 ? "high" : "low"}
              decoding={position === 0 ? "sync" : "async"}
            />
          ) : null,
        )}
      </div>
      <div className={styles.content}>
        <h1 className={styles.title}>IA ORA NA ET MAEVA</h1>
        <p className={styles.subtitle}>{subtitle}</p>
        <Link to="/catalogue" className={`${buttons.primary} ${styles.cta}`}>
          Découvrir les créations
        </Link>
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.previous}`}
            aria-label="Image précédente"
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label="Image suivante"
            onClick={() => go(index + 1)}
          >
            ›
          </button>
          <p className="visually-hidden" data-testid="hero-position">
            Image {index + 1} sur {count}
          </p>
        </>
      ) : null}
    </section>
  );
}
