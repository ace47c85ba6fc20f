/** /admin/produits — the product manager (docs/product.md §2, §5, §7 "Admin products"). */

import { AdminLoadError } from "~/components/admin/admin-load-error";
import { runProductCommand } from "~/features/catalogue/admin/product-command.server";
import { ProductManager } from "~/features/catalogue/admin/product-manager";
import { getReferenceLists } from "~/features/catalogue/catalogue.server";
import { listAdminProducts } from "~/features/catalogue/product-admin.server";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = () => privateMeta("Produits — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [products, references] = await Promise.all([listAdminProducts(db), getReferenceLists(db)]);
  return { products, references };
}

/** The page's commands (sale status and deletion; saves with images go to /api/admin/produits), answered in JSON to its fetchers. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runProductCommand(await readLimitedForm(request));
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Produits</h1>
      <p className={styles.lead}>Les créations de la boutique, en vente et vendues.</p>
      <ProductManager products={loaderData.products} references={loaderData.references} />
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
