/**
 * The inline product editor of the shop pages (docs/product.md §4 "Admin inline edit", §2): loaded as its own
 * chunk when an admin presses 'Modifier'. It reads the product and the options of its four lists
 * from the loader of /api/admin/produits (a fetcher), edits a copy ('Annuler' drops it, new images included), and saves
 * through the same action as the dashboard. Cards edit the details; product and sold pages also
 * add, remove and reorder the photos, compressed in the browser above 1 MB (docs/product.md §9).
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { postAdminForm } from "~/components/admin/admin-request";
import styles from "~/components/admin/admin-ui.module.css";
import buttons from "~/components/button.module.css";
import { PRODUCT_MESSAGES } from "~/features/catalogue/catalogue-messages";
import type { SavedProduct } from "../inline-edit-state";
import type { EditableProduct, ReferenceLists } from "../product-types";
import editorStyles from "./inline-product-editor.module.css";
import { useProductDraft } from "./product-draft";
import { ImageFields, ProductMainFields, RelationFields, SaveStatus } from "./product-fields";

/** docs/product.md §9: 1 MB on the inline edit of the shop pages (4.5 MB in the dashboard's form). */
export const INLINE_COMPRESS_ABOVE_BYTES = 1024 * 1024;

const LOAD_FAILED = "Impossible de charger le produit à modifier.";

type Loaded =
  | { state: "loading" }
  | { state: "failed"; error: string }
  | { state: "ready"; product: EditableProduct; references: ReferenceLists };

type LoadAnswer =
  | { ok: true; product: EditableProduct; references: ReferenceLists }
  | { ok: false; error?: string };

function readLoaded(answer: LoadAnswer | undefined): Loaded {
  // A revalidation of the page reloads this product too: the draft stays on screen meanwhile.
  if (answer === undefined) return { state: "loading" };
  if (answer.ok) return { state: "ready", product: answer.product, references: answer.references };
  return { state: "failed", error: answer.error ?? LOAD_FAILED };
}

interface EditorProps {
  productId: string;
  withImages: boolean;
  onCancel: () => void;
  onSaved: (message: string, product: SavedProduct) => Promise<void>;
}

/** docs/product.md §8: the failure always says 'Erreur lors de la mise à jour du produit', with the reason. */
function failure(reason: string): string {
  return reason === PRODUCT_MESSAGES.updateFailed ? reason : `${PRODUCT_MESSAGES.updateFailed} : ${reason}`;
}

export default function InlineProductEditor(props: EditorProps) {
  const fetcher = useFetcher<LoadAnswer>();
  const { load } = fetcher;
  useEffect(() => {
    load(`/api/admin/produits?id=${encodeURIComponent(props.productId)}`).catch((error: unknown) =>
      console.error(LOAD_FAILED, error),
    );
  }, [load, props.productId]);
  const loaded = readLoaded(fetcher.data);

  if (loaded.state === "ready") {
    return <EditorForm {...props} product={loaded.product} references={loaded.references} />;
  }
  return (
    <div className={editorStyles.editor}>
      {loaded.state === "loading" ? (
        <p className={styles.muted} role="status">
          Chargement du produit…
        </p>
      ) : (
        <>
          <p className={styles.error} role="alert">
            {loaded.error}
          </p>
          <div className={styles.formActions}>
            <button type="button" className={buttons.secondary} onClick={props.onCancel}>
              Annuler
            </button>
          </div>
        </>
      )}
    </div>
  );
}

function EditorForm({
  withImages,
  onCancel,
  onSaved,
  product,
  references,
}: EditorProps & { product: EditableProduct; references: ReferenceLists }) {
  const id = useId();
  const draft = useProductDraft(product, { compressAbove: INLINE_COMPRESS_ABOVE_BYTES });
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  // The editor takes the place of what was pressed: focus moves to it.
  useEffect(() => {
    titleRef.current?.focus();
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    draft.setProblem(null);
    const request = draft.toRequest();
    if (!request.ok) {
      setError(failure(request.error));
      return;
    }
    setBusy(true);
    setError(null);
    setProgress(request.hasFiles ? 0 : null);
    const answer = await postAdminForm(
      "/api/admin/produits",
      request.body,
      request.hasFiles ? setProgress : undefined,
    );
    setProgress(null);
    if (!answer.ok) {
      setBusy(false);
      setError(failure(answer.error));
      return;
    }
    const slug = (answer.payload.product as { slug?: string } | undefined)?.slug ?? product.slug;
    await onSaved(answer.message, { slug, isSold: draft.isSold });
  }

  const shownError = draft.problem ? failure(draft.problem) : error;
  // On a product or sold page the editor stands in for the details and their h1: it takes the h1.
  const Title = withImages ? "h1" : "h2";
  return (
    <form
      className={`${styles.form} ${editorStyles.editor}`}
      data-with-images={withImages}
      data-testid="inline-editor"
      aria-labelledby={`${id}-title`}
      onSubmit={save}
      noValidate
    >
      <Title id={`${id}-title`} className={editorStyles.title} tabIndex={-1} ref={titleRef}>
        Modifier « {product.name} »
      </Title>
      <div className={editorStyles.columns}>
        {withImages ? (
          <div className={editorStyles.images}>
            <ImageFields id={id} draft={draft} />
          </div>
        ) : null}
        <div className={editorStyles.fields}>
          <ProductMainFields id={id} draft={draft} hideStockWhenUnique />
          <div className={editorStyles.relations}>
            <RelationFields draft={draft} references={references} />
          </div>
        </div>
      </div>
      <SaveStatus id={id} progress={progress} error={shownError} />
      <div className={styles.formActions}>
        <button type="button" className={buttons.secondary} onClick={onCancel} disabled={busy}>
          Annuler
        </button>
        <button type="submit" className={buttons.primary} disabled={busy || draft.preparing}>
          {busy ? "Enregistrement…" : "Sauvegarder"}
        </button>
      </div>
    </form>
  );
}
