import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/events";

export const meta: Route.MetaFunction = () => [{ title: "Agenda — Administration Nacre" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <section>
      <h1>Agenda</h1>
      <p className={styles.lead}>Les événements annoncés sur le site.</p>
    </section>
  );
}
