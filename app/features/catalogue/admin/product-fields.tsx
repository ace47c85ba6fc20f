/**
 * The fields of a product draft (docs/product.md §5), laid out once for the dashboard's modal and the shop
 * pages' inline editor: name (with the address it will get), description, price, stock, the
 * unique and sold flags, the four relation lists and the ordered images.
 */
import { useRef } from "react";
import styles from "~/components/admin/admin-ui.module.css";
import { SAFETY_INFO_MAX } from "~/features/settings/product-safety-schema";
import { ACCEPTED_IMAGE_INPUT } from "~/lib/images";
import type { ReferenceLists } from "../product-types";
import { ImageList } from "./image-list";
import { pearlWordingWarning } from "./pearl-wording";
import { type ProductDraft, RELATION_KEYS, RELATION_LABELS } from "./product-draft";
import { MAX_PRODUCT_IMAGES } from "./product-schema";

export function ProductMainFields({
  id,
  draft,
  slugHint,
  hideStockWhenUnique = false,
}: {
  id: string;
  draft: ProductDraft;
  slugHint?: string;
  /** docs/product.md §4: the inline editor hides the stock of a unique piece; the modal shows it disabled. */
  hideStockWhenUnique?: boolean;
}) {
  const showStock = !(hideStockWhenUnique && draft.isUnique);
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>Nom</label>
        <input
          id={`${id}-name`}
          value={draft.name}
          onChange={(event) => draft.setName(event.target.value)}
          required
          maxLength={200}
          aria-describedby={slugHint ? `${id}-slug` : undefined}
        />
        {slugHint ? (
          <p id={`${id}-slug`} className={styles.hint}>
            {slugHint}
          </p>
        ) : null}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-description`}>Description</label>
        <textarea
          id={`${id}-description`}
          rows={4}
          value={draft.description}
          onChange={(event) => draft.setDescription(event.target.value)}
        />
      </div>
      <PearlWordingWarning name={draft.name} description={draft.description} />
      <div className={styles.field}>
        <label htmlFor={`${id}-safety`}>Informations de sécurité et d'entretien (facultatif)</label>
        <textarea
          id={`${id}-safety`}
          rows={3}
          maxLength={SAFETY_INFO_MAX}
          value={draft.safetyInfo}
          onChange={(event) => draft.setSafetyInfo(event.target.value)}
          aria-describedby={`${id}-safety-hint`}
        />
        <p id={`${id}-safety-hint`} className={styles.hint}>
          Laissez vide pour afficher le texte par défaut des paramètres de la boutique.
        </p>
      </div>
      <div className={styles.fieldRow}>
        <div className={styles.field}>
          <label htmlFor={`${id}-price`}>Prix (€)</label>
          <input
            id={`${id}-price`}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={draft.price}
            onChange={(event) => draft.setPrice(event.target.value)}
          />
        </div>
        {showStock ? (
          <div className={styles.field}>
            <label htmlFor={`${id}-stock`}>Stock</label>
            <input
              id={`${id}-stock`}
              inputMode="numeric"
              pattern="[0-9]*"
              value={draft.stock}
              disabled={draft.isUnique}
              onChange={(event) => draft.setStock(event.target.value)}
            />
          </div>
        ) : null}
      </div>
      <div className={styles.checkRow}>
        <label>
          <input
            type="checkbox"
            checked={draft.isUnique}
            onChange={(event) => draft.setIsUnique(event.target.checked)}
          />{" "}
          Pièce unique
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.isSold}
            onChange={(event) => draft.setIsSold(event.target.checked)}
          />{" "}
          Vendu
        </label>
      </div>
    </>
  );
}

export function RelationFields({ draft, references }: { draft: ProductDraft; references: ReferenceLists }) {
  return RELATION_KEYS.map((key) => (
    <fieldset key={key} className={styles.choices}>
      <legend>
        {RELATION_LABELS[key]}
        {key === "categories" ? " (au moins une)" : ""}
      </legend>
      {references[key].length === 0 ? <p className={styles.muted}>Aucune entrée pour le moment.</p> : null}
      {references[key].map((option) => (
        <label key={option.id} className={styles.choice}>
          <input
            type="checkbox"
            checked={draft.relations[key].includes(option.id)}
            onChange={(event) => draft.toggleRelation(key, option.id, event.target.checked)}
          />{" "}
          {option.name}
        </label>
      ))}
    </fieldset>
  ));
}

export function ImageFields({ id, draft }: { id: string; draft: ProductDraft }) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <fieldset className={styles.choices}>
      <legend>
        Images ({draft.images.length}/{MAX_PRODUCT_IMAGES})
      </legend>
      <ImageList items={draft.images} onChange={draft.setImages} />
      <label htmlFor={`${id}-files`} className={styles.fileLabel}>
        Ajouter des images (PNG, JPG, GIF, WebP)
      </label>
      <input
        ref={fileInput}
        id={`${id}-files`}
        type="file"
        multiple
        accept={ACCEPTED_IMAGE_INPUT}
        disabled={draft.images.length >= MAX_PRODUCT_IMAGES || draft.preparing}
        onChange={(event) => {
          const files = event.target.files;
          void draft.addFiles(files).finally(() => {
            if (fileInput.current) fileInput.current.value = "";
          });
        }}
      />
      {draft.preparing ? <p className={styles.hint}>Préparation des images…</p> : null}
    </fieldset>
  );
}

/** The upload's progress bar and the save's error, under the fields. */
export function SaveStatus({
  id,
  progress,
  error,
}: {
  id: string;
  progress: number | null;
  error: string | null;
}) {
  return (
    <>
      {progress !== null ? (
        <div className={styles.progress}>
          <label htmlFor={`${id}-progress`}>Envoi des images : {progress} %</label>
          <progress id={`${id}-progress`} max={100} value={progress} />
        </div>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** docs/product.md §5: the décret 2002-65 warning about pearls, shown while typing; it never blocks a save. */
function PearlWordingWarning({ name, description }: { name: string; description: string }) {
  const warning = pearlWordingWarning(name, description);
  return (
    <p className={warning ? `${styles.hint} ${styles.warning}` : styles.hint} role="status">
      {warning}
    </p>
  );
}
