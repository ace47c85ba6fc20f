import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => [{ title: "Messages — Administration Nacre" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Page() {
  return (
    <section>
      <h1>Messages</h1>
      <p className={styles.lead}>Les conversations du support en ligne.</p>
    </section>
  );
}
