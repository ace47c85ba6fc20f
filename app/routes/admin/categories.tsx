/** /admin/categories — the category manager (docs/product.md §2 "Tools", §7 "Reference data"). */

import { AdminLoadError } from "~/components/admin/admin-load-error";
import { runReferenceCommand } from "~/features/catalogue/admin/reference-command.server";
import { CategoryManager } from "~/features/catalogue/admin/reference-manager";
import { listReferenceItems } from "~/features/catalogue/references.server";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/categories";

export const meta: Route.MetaFunction = () => privateMeta("Catégories — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { categories: await listReferenceItems(getDb(), "categories") };
}

/** The page's commands (create, rename, delete a category), answered in JSON to its fetchers. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runReferenceCommand(await readLimitedForm(request));
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Catégories</h1>
      <p className={styles.lead}>Les catégories du catalogue.</p>
      <CategoryManager items={loaderData.categories} />
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
