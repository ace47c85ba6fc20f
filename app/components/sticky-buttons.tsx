/**
 * docs/product.md §2 "Sticky buttons": a phone-call button that expands on click (on touch devices the number
 * stays hidden until tapped; on a mouse, hovering also shows it) and a scroll-to-top button that
 * appears after scrolling beyond 300 px.
 */
import { useEffect, useState } from "react";
import { ArrowUpIcon, PhoneIcon } from "./icons";
import styles from "./sticky-buttons.module.css";

export const SCROLL_TOP_THRESHOLD = 300;

export function PhoneButton({ phone, phoneHref }: { phone: string; phoneHref: string }) {
  const [expanded, setExpanded] = useState(false);
  if (!phone) return null;
  return (
    <div className={styles.phone} data-expanded={expanded}>
      <button
        type="button"
        className={styles.phoneToggle}
        aria-expanded={expanded}
        aria-controls="sticky-phone-number"
        aria-label={expanded ? "Masquer le numéro de téléphone" : "Afficher le numéro de téléphone"}
        onClick={() => setExpanded((value) => !value)}
      >
        <PhoneIcon />
      </button>
      <a
        id="sticky-phone-number"
        className={styles.phoneNumber}
        href={`tel:${phoneHref}`}
        tabIndex={expanded ? 0 : -1}
      >
        <span className="visually-hidden">Appeler le </span>
        {phone}
      </a>
    </div>
  );
}

export function ScrollToTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={styles.scrollTop}
      aria-label="Revenir en haut de la page"
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    >
      <ArrowUpIcon />
    </button>
  );
}
