import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Paramètres — Administration Nacre" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <section>
      <h1>Paramètres</h1>
      <p className={styles.lead}>Les coordonnées de la boutique et votre session.</p>
    </section>
  );
}
