/** /admin/utilisateurs — the user manager (docs/product.md §2 "Tools", §7 "Users", §9 "User manager"). */

import { AdminLoadError } from "~/components/admin/admin-load-error";
import { getUserStats, listUsers } from "~/features/account/user-admin.server";
import { runUserCommand } from "~/features/account/user-command.server";
import { UserManager } from "~/features/account/user-manager";
import { parseUserListQuery } from "~/features/account/user-schema";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
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

/** The page's commands (a user's role, e-mail visibility, deletion), answered in JSON to its fetchers. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  return runUserCommand(await readLimitedForm(request), admin);
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
