/** /admin/utilisateurs — the user manager (spec §2 "Tools", §7 "Users", §9 "User manager"). */

import { UserManager } from "~/features/account/user-manager";
import { parseUserListQuery } from "~/features/account/user-schema";
import { AdminLoadError } from "~/features/admin/admin-load-error";
import { privateMeta } from "~/lib/seo";
import { getUserStats, listUsers } from "~/server/admin-users.server";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => privateMeta("Utilisateurs — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const query = parseUserListQuery(new URL(request.url).searchParams);
  const [stats, list] = await Promise.all([getUserStats(db), listUsers(db, query)]);
  return { stats, query, ...list, currentUserId: admin.id };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Utilisateurs</h1>
      <p className={styles.lead}>Les comptes clients et administrateurs.</p>
      <UserManager {...loaderData} />
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
