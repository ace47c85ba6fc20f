/**
 * The add/edit product modal (docs/product.md §5): name (its slug shown as it will be built), description,
 * price, stock (forced to 1 and disabled for a unique piece), sale status, the four relation lists
 * and up to 10 images, compressed above 4.5 MB, sent with a progress bar.
 */
import { type FormEvent, useId } from "react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import styles from "~/components/admin/admin-ui.module.css";
import { useAdminUpload } from "~/components/admin/use-admin-upload";
import buttons from "~/components/button.module.css";
import { slugify } from "~/lib/slugify";
import type { EditableProduct, ReferenceLists } from "../product-types";
import { useProductDraft } from "./product-draft";
import { ImageFields, ProductMainFields, RelationFields, SaveStatus } from "./product-fields";

export function ProductForm({
  product,
  references,
  onClose,
}: {
  product: EditableProduct | null;
  references: ReferenceLists;
  onClose: () => void;
}) {
  const id = useId();
  const { run, busy, progress, error, setError } = useAdminUpload();
  const draft = useProductDraft(product);
  const slug = slugify(draft.name);
  const slugHint = `Adresse : /catalogue/produit/${slug || "…"}${
    product && product.slug !== slug ? " (un numéro est ajouté si elle est déjà prise)" : ""
  }`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    draft.setProblem(null);
    const request = draft.toRequest();
    if (!request.ok) {
      setError(request.error);
      return;
    }
    const answer = await run("/api/admin/produits", request.body, { trackProgress: request.hasFiles });
    if (answer.ok) onClose();
  }

  const shownError = draft.problem ?? error;
  return (
    <AdminDialog title={product ? "Modifier le produit" : "Ajouter un produit"} onClose={onClose} wide>
      <form className={styles.form} onSubmit={submit} noValidate>
        <ProductMainFields id={id} draft={draft} slugHint={slugHint} />
        <RelationFields draft={draft} references={references} />
        <ImageFields id={id} draft={draft} />
        <SaveStatus id={id} progress={progress} error={shownError} />
        <div className={styles.formActions}>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className={buttons.primary} disabled={busy || draft.preparing}>
            {product ? "Enregistrer" : "Ajouter le produit"}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
