import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [{ title: "Avis — Administration Nacre" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <section>
      <h1>Avis</h1>
      <p className={styles.lead}>Les avis des clientes et clients, à modérer.</p>
    </section>
  );
}
