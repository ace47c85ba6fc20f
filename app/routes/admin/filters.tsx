import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/filters";

export const meta: Route.MetaFunction = () => [{ title: "Filtres — Administration Nacre" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <section>
      <h1>Filtres</h1>
      <p className={styles.lead}>Couleurs, matières et types de perles.</p>
    </section>
  );
}
