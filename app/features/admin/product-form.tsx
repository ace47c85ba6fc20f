/**
 * The add/edit product modal (spec §5): name (its slug shown as it will be built), description,
 * price, stock (forced to 1 and disabled for a unique piece), sale status, the four relation lists
 * and up to 10 images, compressed above 4.5 MB, sent with a progress bar.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import buttons from "~/components/button.module.css";
import { slugify } from "~/lib/slugify";
import { AdminDialog } from "./admin-dialog";
import { PRODUCT_MESSAGES } from "./admin-messages";
import styles from "./admin-ui.module.css";
import { compressIfLarge } from "./compress-image";
import { type ImageItem, ImageList } from "./image-list";
import {
  ACCEPTED_IMAGE_EXTENSIONS,
  ACCEPTED_IMAGE_TYPES,
  MAX_PRODUCT_IMAGES,
  productFields,
} from "./product-schema";
import { useAdminAction } from "./use-admin-action";

export interface NamedOption {
  id: string;
  name: string;
}

export interface ReferenceOptions {
  categories: NamedOption[];
  colors: NamedOption[];
  materials: NamedOption[];
  pearlTypes: NamedOption[];
}

export interface EditableProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  priceCents: number | null;
  stock: number;
  isUnique: boolean;
  isSold: boolean;
  images: { fileName: string }[];
  categories: string[];
  colors: string[];
  materials: string[];
  pearlTypes: string[];
}

type RelationKey = keyof ReferenceOptions;

const RELATION_LABELS: Record<RelationKey, string> = {
  categories: "Catégories",
  colors: "Couleurs",
  materials: "Matières",
  pearlTypes: "Types de perles",
};

let nextKey = 0;
const newKey = () => `image-${++nextKey}`;

const priceText = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

export function ProductForm({
  product,
  references,
  onClose,
}: {
  product: EditableProduct | null;
  references: ReferenceOptions;
  onClose: () => void;
}) {
  const id = useId();
  const { run, busy, progress, error, setError } = useAdminAction();
  const [name, setName] = useState(product?.name ?? "");
  const [description, setDescription] = useState(product?.description ?? "");
  const [price, setPrice] = useState(priceText(product?.priceCents ?? null));
  const [stock, setStock] = useState(String(product?.stock ?? 1));
  const [isUnique, setIsUnique] = useState(product?.isUnique ?? false);
  const [isSold, setIsSold] = useState(product?.isSold ?? false);
  const [relations, setRelations] = useState<Record<RelationKey, string[]>>({
    categories: product?.categories ?? [],
    colors: product?.colors ?? [],
    materials: product?.materials ?? [],
    pearlTypes: product?.pearlTypes ?? [],
  });
  const [images, setImages] = useState<ImageItem[]>(
    () =>
      product?.images.map((image) => ({ key: newKey(), kind: "existing", fileName: image.fileName })) ?? [],
  );
  const [preparing, setPreparing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  // Previews of new files live as object URLs until the form closes.
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => {
      for (const item of imagesRef.current) if (item.kind === "new") URL.revokeObjectURL(item.preview);
    },
    [],
  );

  const slug = slugify(name);

  async function addFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (fileInput.current) fileInput.current.value = "";
    if (files.length === 0) return;
    if (images.length + files.length > MAX_PRODUCT_IMAGES) {
      setError(PRODUCT_MESSAGES.tooManyImages);
      return;
    }
    const refused = files.find(
      (file) =>
        !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) &&
        !ACCEPTED_IMAGE_EXTENSIONS.test(file.name),
    );
    if (refused) {
      setError(`« ${refused.name} » n'est pas une image acceptée (PNG, JPG, JPEG, GIF ou SVG).`);
      return;
    }
    setError(null);
    setPreparing(true);
    const ready = await Promise.all(files.map((file) => compressIfLarge(file)));
    setPreparing(false);
    setImages((current) => [
      ...current,
      ...ready.map((file) => ({
        key: newKey(),
        kind: "new" as const,
        file,
        preview: URL.createObjectURL(file),
      })),
    ]);
  }

  function toggle(key: RelationKey, value: string, checked: boolean) {
    setRelations((current) => ({
      ...current,
      [key]: checked ? [...current[key], value] : current[key].filter((other) => other !== value),
    }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const tokens: string[] = [];
    const files: File[] = [];
    for (const item of images) {
      if (item.kind === "existing") tokens.push(item.fileName);
      else {
        tokens.push(`new:${files.length}`);
        files.push(item.file);
      }
    }
    const fields = {
      ...(product ? { id: product.id } : {}),
      name,
      description,
      price,
      stock: isUnique ? "1" : stock,
      isUnique: String(isUnique),
      isSold: String(isSold),
      ...relations,
      images: tokens,
    };
    const checked = productFields.safeParse(fields);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? PRODUCT_MESSAGES.updateFailed);
      return;
    }
    const body = new FormData();
    body.append("intent", "save");
    for (const [key, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
    }
    for (const file of files) body.append("files", file, file.name);
    const answer = await run("/api/admin/produits", body, { trackProgress: files.length > 0 });
    if (answer.ok) onClose();
  }

  return (
    <AdminDialog title={product ? "Modifier le produit" : "Ajouter un produit"} onClose={onClose} wide>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>Nom</label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={200}
            aria-describedby={`${id}-slug`}
          />
          <p id={`${id}-slug`} className={styles.hint}>
            Adresse : /catalogue/produit/{slug || "…"}
            {product && product.slug !== slug ? " (un numéro est ajouté si elle est déjà prise)" : ""}
          </p>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea
            id={`${id}-description`}
            rows={4}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
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
              value={price}
              onChange={(event) => setPrice(event.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-stock`}>Stock</label>
            <input
              id={`${id}-stock`}
              inputMode="numeric"
              pattern="[0-9]*"
              value={isUnique ? "1" : stock}
              disabled={isUnique}
              onChange={(event) => setStock(event.target.value.replace(/\D/g, ""))}
            />
          </div>
        </div>
        <div className={styles.checkRow}>
          <label>
            <input
              type="checkbox"
              checked={isUnique}
              onChange={(event) => setIsUnique(event.target.checked)}
            />{" "}
            Pièce unique
          </label>
          <label>
            <input type="checkbox" checked={isSold} onChange={(event) => setIsSold(event.target.checked)} />{" "}
            Vendu
          </label>
        </div>
        {(Object.keys(RELATION_LABELS) as RelationKey[]).map((key) => (
          <fieldset key={key} className={styles.choices}>
            <legend>
              {RELATION_LABELS[key]}
              {key === "categories" ? " (au moins une)" : ""}
            </legend>
            {references[key].length === 0 ? (
              <p className={styles.muted}>Aucune entrée pour le moment.</p>
            ) : null}
            {references[key].map((option) => (
              <label key={option.id} className={styles.choice}>
                <input
                  type="checkbox"
                  checked={relations[key].includes(option.id)}
                  onChange={(event) => toggle(key, option.id, event.target.checked)}
                />{" "}
                {option.name}
              </label>
            ))}
          </fieldset>
        ))}
        <fieldset className={styles.choices}>
          <legend>
            Images ({images.length}/{MAX_PRODUCT_IMAGES})
          </legend>
          <ImageList items={images} onChange={setImages} />
          <label htmlFor={`${id}-files`} className={styles.fileLabel}>
            Ajouter des images (PNG, JPG, JPEG, GIF, SVG)
          </label>
          <input
            ref={fileInput}
            id={`${id}-files`}
            type="file"
            multiple
            accept=".png,.jpg,.jpeg,.gif,.svg,image/png,image/jpeg,image/gif,image/svg+xml"
            disabled={images.length >= MAX_PRODUCT_IMAGES || preparing}
            onChange={(event) => addFiles(event.target.files)}
          />
          {preparing ? <p className={styles.hint}>Préparation des images…</p> : null}
        </fieldset>
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
        <div className={styles.formActions}>
          <button type="button" className={buttons.secondary} onClick={onClose}>
            Annuler
          </button>
          <button type="submit" className={buttons.primary} disabled={busy || preparing}>
            {product ? "Enregistrer" : "Ajouter le produit"}
          </button>
        </div>
      </form>
    </AdminDialog>
  );
}
