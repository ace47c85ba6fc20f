import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [{ title: "Utilisateurs — Administration Nacre" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <section>
      <h1>Utilisateurs</h1>
      <p className={styles.lead}>Les comptes clients et administrateurs.</p>
    </section>
  );
}
