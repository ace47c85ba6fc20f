/** /admin/filtres — the three attribute lists: colours, materials, pearl types (docs/product.md §2). */

import { AdminLoadError } from "~/components/admin/admin-load-error";
import { runReferenceCommand } from "~/features/catalogue/admin/reference-command.server";
import { AttributeList } from "~/features/catalogue/admin/reference-manager";
import { listReferenceItems } from "~/features/catalogue/references.server";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/context.server";
import { requireAdmin } from "~/server/session.server";
import { readLimitedForm } from "~/server/uploads.server";
import styles from "~/styles/admin.module.css";
import type { Route } from "./+types/filters";

export const meta: Route.MetaFunction = () => privateMeta("Filtres — Administration Nacre");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const db = getDb();
  const [colors, materials, pearlTypes] = await Promise.all([
    listReferenceItems(db, "colors"),
    listReferenceItems(db, "materials"),
    listReferenceItems(db, "pearl_types"),
  ]);
  return { colors, materials, pearlTypes };
}

/** The page's commands (create, rename, delete a colour, material or pearl type), answered in JSON to its fetchers. */
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return runReferenceCommand(await readLimitedForm(request));
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section>
      <h1>Filtres</h1>
      <p className={styles.lead}>Couleurs, matières et types de perles.</p>
      <div className={styles.columns}>
        <AttributeList kind="colors" title="Couleurs" singular="couleur" items={loaderData.colors} />
        <AttributeList kind="materials" title="Matières" singular="matière" items={loaderData.materials} />
        <AttributeList
          kind="pearl_types"
          title="Types de perles"
          singular="type de perle"
          items={loaderData.pearlTypes}
        />
      </div>
    </section>
  );
}

export { AdminLoadError as ErrorBoundary };
