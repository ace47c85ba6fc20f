/**
 * A light looping carousel (no library: the home page's JavaScript budget is tight): a
 * scroll-snapped track whose slide width and gap come from CSS per breakpoint, autoplay that
 * advances one slide and wraps to the start, arrows that wrap both ways, optional bullets.
 * Autoplay stays off when the visitor prefers reduced motion.
 */
// biome-ignore-all lint/suspicious/noArrayIndexKey: slides and bullets are fixed for the page's life.
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";
import styles from "./carousel.module.css";

interface CarouselProps {
  label: string;
  /** CSS class setting --slides and --gap per breakpoint. */
  layoutClassName: string | undefined;
  intervalMs: number;
  bullets?: boolean;
  children: ReactNode[];
}

export function Carousel({ label, layoutClassName, intervalMs, bullets = false, children }: CarouselProps) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const reducedMotion = usePrefersReducedMotion();
  const count = children.length;

  /** The slide step in pixels and how many slides fit (so the last "page" is known). */
  const measure = useCallback(() => {
    const track = trackRef.current;
    const first = track?.children[0] as HTMLElement | undefined;
    if (!track || !first) return null;
    const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
    const step = first.offsetWidth + gap;
    const lastStart = Math.max(0, count - Math.floor((track.clientWidth + gap) / step + 0.01));
    return { track, step, lastStart };
  }, [count]);

  const goTo = useCallback(
    (index: number, wrap = true) => {
      const m = measure();
      if (!m) return;
      let target = index;
      if (wrap && target > m.lastStart) target = 0;
      if (wrap && target < 0) target = m.lastStart;
      target = Math.max(0, Math.min(target, m.lastStart));
      m.track.scrollTo({ left: target * m.step, behavior: reducedMotion ? "auto" : "smooth" });
      setCurrent(target);
    },
    [measure, reducedMotion],
  );

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const onScroll = () => {
      const m = measure();
      if (m && m.step > 0) setCurrent(Math.round(track.scrollLeft / m.step));
    };
    track.addEventListener("scroll", onScroll, { passive: true });
    return () => track.removeEventListener("scroll", onScroll);
  }, [measure]);

  // Autoplay keeps going after the visitor uses the arrows (docs/product.md §9: not stopped by interaction).
  const autoplay = !reducedMotion && count > 1;
  useEffect(() => {
    if (!autoplay) return;
    const timer = window.setInterval(() => goTo(current + 1), intervalMs);
    return () => window.clearInterval(timer);
  }, [autoplay, intervalMs, goTo, current]);
  // Rendered on the server as "off": "on" also tells that the page is live (hydrated).
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carrousel"
      aria-label={label}
      data-autoplay={live && autoplay ? "on" : "off"}
    >
      {/* Focusable so the keyboard can scroll a track whose slides hold no link (inspirations). */}
      <ul
        ref={trackRef}
        className={`${styles.track} ${layoutClassName}`}
        data-current={current}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1).
        tabIndex={0}
      >
        {children.map((child, index) => (
          <li
            key={index}
            className={styles.slide}
            aria-roledescription="diapositive"
            aria-label={`${index + 1} sur ${count}`}
          >
            {child}
          </li>
        ))}
      </ul>
      {count > 1 ? (
        <div className={styles.controls}>
          <button
            type="button"
            className={styles.arrow}
            aria-label="Précédent"
            onClick={() => goTo(current - 1)}
          >
            ‹
          </button>
          {bullets ? (
            <div className={styles.bullets}>
              {children.map((_, index) => (
                <button
                  key={index}
                  type="button"
                  className={styles.bullet}
                  aria-label={`Aller à la diapositive ${index + 1}`}
                  aria-current={index === current ? "true" : undefined}
                  onClick={() => goTo(index, false)}
                />
              ))}
            </div>
          ) : null}
          <button
            type="button"
            className={styles.arrow}
            aria-label="Suivant"
            onClick={() => goTo(current + 1)}
          >
            ›
          </button>
        </div>
      ) : null}
    </section>
  );
}
