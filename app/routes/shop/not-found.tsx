import { data, Link } from "react-router";
import { privateMeta } from "~/lib/seo";
import styles from "~/styles/error-page.module.css";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => privateMeta("Page introuvable — Nacre");

export default function NotFoundPage() {
  return (
    <section className={styles.page}>
      <p className={styles.code}>404</p>
      <h1>Cette page s'est perdue en mer</h1>
      <p>La page demandée n'existe pas ou n'existe plus.</p>
      <Link to="/" className={styles.link}>
        Retour à l'accueil
      </Link>
    </section>
  );
}
