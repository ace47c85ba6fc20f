import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/my-account";

export const meta: Route.MetaFunction = () => [{ title: "Mon compte — Administration Nacre" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <section>
      <h1>Mon compte</h1>
      <p className={styles.lead}>Votre profil d'administratrice.</p>
    </section>
  );
}
