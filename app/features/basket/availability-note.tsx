import styles from "./basket-panels.module.css";
import type { Availability } from "./basket-types";

const NOTES: Record<Exclude<Availability, "available">, string> = {
  sold: "Vendue — plus disponible",
  "out-of-stock": "Épuisée pour le moment",
  reserved: "Réservée pour une autre commande",
  deleted: "Cette création n'existe plus",
};

/** Why a listed piece can no longer be ordered (it stays listed rather than vanishing). */
export function AvailabilityNote({ availability }: { availability?: Availability }) {
  if (!availability || availability === "available") return null;
  return <p className={styles.unavailable}>{NOTES[availability]}</p>;
}
