import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => [{ title: "Catégories — Administration Nacre" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <section>
      <h1>Catégories</h1>
      <p className={styles.lead}>Les catégories du catalogue.</p>
    </section>
  );
}
