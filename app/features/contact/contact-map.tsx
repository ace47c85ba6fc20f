/**
 * The shop on a map (docs/product.md §2 "Contact page"), without any third-party request on page load: a
 * link to OpenStreetMap, and the embedded map only once the visitor asks for it.
 */
import { useState } from "react";
import buttons from "~/components/button.module.css";
import styles from "./contact.module.css";

export function ContactMap(props: { query: string; latitude: number | null; longitude: number | null }) {
  const [shown, setShown] = useState(false);
  const { latitude, longitude } = props;
  const link =
    latitude !== null && longitude !== null
      ? `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=16/${latitude}/${longitude}`
      : `https://www.openstreetmap.org/search?query=${encodeURIComponent(props.query)}`;
  const embed =
    latitude !== null && longitude !== null
      ? `https://www.openstreetmap.org/export/embed.html?bbox=${longitude - 0.01}%2C${latitude - 0.005}%2C${longitude + 0.01}%2C${latitude + 0.005}&layer=mapnik&marker=${latitude}%2C${longitude}`
      : null;
  return (
    <div className={styles.map}>
      {shown && embed ? (
        <iframe title="Plan d'accès à l'atelier" src={embed} loading="lazy" referrerPolicy="no-referrer" />
      ) : (
        <div className={styles.mapPlaceholder}>
          <p>La carte est fournie par OpenStreetMap : elle ne se charge que si vous le demandez.</p>
          {embed ? (
            <button type="button" className={buttons.secondary} onClick={() => setShown(true)}>
              Afficher la carte
            </button>
          ) : null}
        </div>
      )}
      <a href={link} target="_blank" rel="noopener noreferrer" className={styles.mapLink}>
        Voir l'adresse sur OpenStreetMap (nouvel onglet)
      </a>
    </div>
  );
}
