/** docs/product.md §1 "Feature bar": the four promises, on the home and contact pages. */
import styles from "./feature-bar.module.css";

const FEATURES = [
  { icon: "lock", title: "Paiement sécurisé", text: "Transactions 100% protégées et confidentielles" },
  { icon: "truck", title: "Livraison rapide", text: "Expédition soignée sous 48h en France métropolitaine" },
  {
    icon: "certificate",
    title: "Certificat d'authenticité",
    text: "Chaque perle de Tahiti livrée avec son certificat",
  },
  { icon: "chat", title: "Service client", text: "Par téléphone ou par e-mail" },
] as const;

const PATHS: Record<(typeof FEATURES)[number]["icon"], string> = {
  lock: "M7 11V8a5 5 0 0 1 10 0v3M5.5 11h13v9.5h-13z",
  truck: "M3 6.5h11v9H3zM14 10h4l3 3v2.5h-7M6.5 18.5a1.5 1.5 0 1 0 0-.01M17.5 18.5a1.5 1.5 0 1 0 0-.01",
  certificate:
    "M12 3l2.2 1.6 2.7-.1.8 2.6 2.2 1.6-.9 2.6.9 2.6-2.2 1.6-.8 2.6-2.7-.1L12 18.5l-2.2-1.6-2.7.1-.8-2.6L4.1 12.8 5 10.2l-.9-2.6 2.2-1.6.8-2.6 2.7.1zM9.5 11l1.8 1.8 3.4-3.4",
  chat: "M4 5.5h16v10H9l-5 4z",
};

export function FeatureBar() {
  return (
    <section className={styles.bar} aria-label="Nos engagements">
      <ul>
        {FEATURES.map((feature) => (
          <li key={feature.title}>
            <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" focusable="false">
              <path
                d={PATHS[feature.icon]}
                fill="none"
                stroke="currentColor"
                strokeWidth="1.5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
