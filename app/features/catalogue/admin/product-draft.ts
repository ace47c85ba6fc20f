/**
 * A product being edited (docs/product.md §5, §4 "Admin inline edit"): the fields copied from the product,
 * the image list (kept, new and reordered), the browser-side checks, and the multipart body that
 * /api/admin/produits expects. Shared by the dashboard's modal and the inline editor of the shop
 * pages, which differ only in how they lay the fields out and in their compression limit.
 */
import { useEffect, useRef, useState } from "react";
import { PRODUCT_MESSAGES } from "~/features/catalogue/catalogue-messages";
import { COMPRESS_ABOVE_BYTES, compressIfLarge } from "~/lib/compress-image";
import { parseForm } from "~/lib/form";
import { ACCEPTED_IMAGE_EXTENSIONS, ACCEPTED_IMAGE_TYPES, NOT_AN_ACCEPTED_IMAGE } from "~/lib/images";
import type { EditableProduct, ReferenceLists } from "../product-types";
import type { ImageItem } from "./image-list";
import { MAX_PRODUCT_IMAGES, productFields } from "./product-schema";

export type RelationKey = keyof ReferenceLists;

export const RELATION_LABELS: Record<RelationKey, string> = {
  categories: "Catégories",
  colors: "Couleurs",
  materials: "Matières",
  pearlTypes: "Types de perles",
};

export const RELATION_KEYS = Object.keys(RELATION_LABELS) as RelationKey[];

let nextKey = 0;
const newKey = () => `image-${++nextKey}`;

const priceText = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));

export function useProductDraft(
  product: EditableProduct | null,
  { compressAbove = COMPRESS_ABOVE_BYTES }: { compressAbove?: number } = {},
) {
  const [name, setName] = useState(product?.name ?? "");
  const [description, setDescription] = useState(product?.description ?? "");
  const [safetyInfo, setSafetyInfo] = useState(product?.safetyInfo ?? "");
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
  const [problem, setProblem] = useState<string | null>(null);

  // Previews of new files live as object URLs until the editor closes ('Annuler' drops them).
  const imagesRef = useRef(images);
  imagesRef.current = images;
  useEffect(
    () => () => {
      for (const item of imagesRef.current) if (item.kind === "new") URL.revokeObjectURL(item.preview);
    },
    [],
  );

  async function addFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    if (images.length + files.length > MAX_PRODUCT_IMAGES) {
      setProblem(PRODUCT_MESSAGES.tooManyImages);
      return;
    }
    const refused = files.find(
      (file) =>
        !(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type) &&
        !ACCEPTED_IMAGE_EXTENSIONS.test(file.name),
    );
    if (refused) {
      setProblem(`« ${refused.name} » ${NOT_AN_ACCEPTED_IMAGE}`);
      return;
    }
    setProblem(null);
    setPreparing(true);
    const ready = await Promise.all(files.map((file) => compressIfLarge(file, compressAbove)));
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

  function toggleRelation(key: RelationKey, value: string, checked: boolean) {
    setRelations((current) => ({
      ...current,
      [key]: checked ? [...current[key], value] : current[key].filter((other) => other !== value),
    }));
  }

  /** The save request, or the first problem the browser can already see. */
  function toRequest(): { ok: true; body: FormData; hasFiles: boolean } | { ok: false; error: string } {
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
      safetyInfo,
      price,
      stock: isUnique ? "1" : stock,
      isUnique: String(isUnique),
      isSold: String(isSold),
      ...relations,
      images: tokens,
    };
    const checked = parseForm(productFields, fields);
    if (!checked.ok) {
      return { ok: false, error: checked.firstError };
    }
    const body = new FormData();
    body.append("intent", "save");
    for (const [key, value] of Object.entries(fields)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(key, item);
    }
    for (const file of files) body.append("files", file, file.name);
    return { ok: true, body, hasFiles: files.length > 0 };
  }

  return {
    name,
    setName,
    description,
    setDescription,
    safetyInfo,
    setSafetyInfo,
    price,
    setPrice,
    stock: isUnique ? "1" : stock,
    setStock: (value: string) => setStock(value.replace(/\D/g, "")),
    isUnique,
    setIsUnique,
    isSold,
    setIsSold,
    relations,
    toggleRelation,
    images,
    setImages,
    addFiles,
    preparing,
    problem,
    setProblem,
    toRequest,
  };
}

export type ProductDraft = ReturnType<typeof useProductDraft>;
