import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => [{ title: "Produits — Administration Nacre" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <section>
      <h1>Produits</h1>
      <p className={styles.lead}>Les créations de la boutique, en vente et vendues.</p>
    </section>
  );
}
