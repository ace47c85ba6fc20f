import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [{ title: "Vue d'ensemble — Administration Nacre" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <section>
      <h1>Vue d'ensemble</h1>
      <p className={styles.lead}>Bienvenue dans l'administration de la boutique.</p>
    </section>
  );
}
