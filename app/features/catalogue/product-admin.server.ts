/**
 * Admin products (docs/product.md §7 "Admin products"): the full list with relations and ordered images,
 * create and update in one transaction (slug from the name, -2, -3 … when taken, retried if a
 * concurrent save wins the same slug), the sale toggle and deletion. An update or a deletion locks
 * the product's row first, so saves of one product (two admins, two instances) run one after the
 * other, each on the images the one before left.
 */

import { notePublishedPiece } from "~/features/alerts/alert-digest.server";
import type { ProductInput } from "~/features/catalogue/admin/product-schema";
import { PRODUCT_MESSAGES } from "~/features/catalogue/catalogue-messages";
import { heldQuantities } from "~/features/orders/holds.server";
import { slugify, uniqueSlug } from "~/lib/slugify";
import type { DB } from "~/server/database.server";
import { isUniqueViolation } from "~/server/db-errors.server";
import { newId, nowIso } from "~/server/ids.server";
import { makeSizesAhead } from "~/server/image-variants.server";
import { deleteStoredImages, type ImageStorage } from "~/server/images.server";
import { storeUploadedImages } from "~/server/uploads.server";
import { lockingRows } from "../../../db/dialect";
import { toImageRef, toProductCard } from "./catalogue.server";
import type { AdminProduct } from "./product-types";
import { indexProducts, unindexProduct } from "./search-index.server";

export type ProductResult =
  | { ok: true; message: string; product: { id: string; slug: string } }
  | { ok: false; status: number; error: string };

const RELATIONS = {
  categories: ["product_categories", "category_id", "categories"],
  colors: ["product_colors", "color_id", "colors"],
  materials: ["product_materials", "material_id", "materials"],
  pearlTypes: ["product_pearl_types", "pearl_type_id", "pearl_types"],
} as const;
type RelationKey = keyof typeof RELATIONS;
const RELATION_KEYS = Object.keys(RELATIONS) as RelationKey[];

/** Every product, newest first (docs/product.md §7: sorted -created), with what the edit form needs. */
export async function listAdminProducts(db: DB, only?: { id: string }): Promise<AdminProduct[]> {
  const [rows, images, ...relations] = await Promise.all([
    db
      .selectFrom("products")
      .selectAll()
      .$if(Boolean(only), (query) => query.where("id", "=", only?.id ?? ""))
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("product_images")
      .select(["product_id", "file_name", "width", "height"])
      .$if(Boolean(only), (query) => query.where("product_id", "=", only?.id ?? ""))
      .orderBy("product_id")
      .orderBy("position")
      .execute(),
    ...RELATION_KEYS.map((key) => {
      const [join, column] = RELATIONS[key];
      return db
        .selectFrom(join as "product_categories")
        .select(["product_id", `${column} as ref` as "category_id as ref"])
        .$if(Boolean(only), (query) => query.where("product_id", "=", only?.id ?? ""))
        .execute();
    }),
  ]);
  const group = <T>(items: T[], keyOf: (item: T) => string) => {
    const map = new Map<string, T[]>();
    for (const item of items) {
      const key = keyOf(item);
      const list = map.get(key);
      if (list) list.push(item);
      else map.set(key, [item]);
    }
    return map;
  };
  const held = await heldQuantities(
    db,
    rows.map((row) => row.id),
  );
  const imagesByProduct = group(images, (image) => image.product_id);
  const relationMaps = relations.map((list) => group(list, (link) => link.product_id));
  return rows.map((row) => {
    const refs = (index: number) => (relationMaps[index]?.get(row.id) ?? []).map((link) => link.ref);
    const productImages = imagesByProduct.get(row.id) ?? [];
    return {
      ...toProductCard(row, productImages[0], held.get(row.id)),
      description: row.description,
      safetyInfo: row.safety_info,
      createdAt: row.created_at,
      images: productImages.map(toImageRef),
      categories: refs(0),
      colors: refs(1),
      materials: refs(2),
      pearlTypes: refs(3),
    };
  });
}

/** One product as the editors need it (the inline editor of the shop pages), or null. */
export async function getAdminProduct(db: DB, id: string): Promise<AdminProduct | null> {
  const [product] = await listAdminProducts(db, { id });
  return product ?? null;
}

type Trx = Parameters<Parameters<ReturnType<DB["transaction"]>["execute"]>[0]>[0];

/** The product's current slug stays while the name still gives the same base ("bague" or "bague-3"). */
async function slugFor(trx: Trx, name: string, own: { id: string; slug: string } | null): Promise<string> {
  const base = slugify(name);
  if (own && (own.slug === base || new RegExp(`^${base}-\\d+$`).test(own.slug))) return own.slug;
  return uniqueSlug(base, async (candidate) => {
    let query = trx.selectFrom("products").select("id").where("slug", "=", candidate);
    if (own) query = query.where("id", "!=", own.id);
    return Boolean(await query.executeTakeFirst());
  });
}

class ReferenceMissingError extends Error {}
/** The product was deleted between the form's first check and the save. */
class ProductGoneError extends Error {}
/** An image the form names was removed by another save meanwhile. */
class ImagesChangedError extends Error {}

const IMAGES_MISMATCH = "Les images envoyées ne correspondent pas.";

async function checkReferences(trx: Trx, input: ProductInput) {
  for (const key of RELATION_KEYS) {
    const wanted = [...new Set(input[key])];
    if (wanted.length === 0) continue;
    const found = await trx
      .selectFrom(RELATIONS[key][2] as "categories")
      .select("id")
      .where("id", "in", wanted)
      .execute();
    if (found.length !== wanted.length) throw new ReferenceMissingError();
  }
}

/**
 * Create (no id) or update. New files are checked and stored first, outside the transaction (image
 * work is slow); if the transaction then fails they are removed again, and images dropped from the
 * product are removed from the store only once the change is committed.
 */
export async function saveProduct(
  ctx: ImageStorage & { db: DB },
  input: ProductInput,
  files: File[],
): Promise<ProductResult> {
  const { db } = ctx;
  const existing = input.id
    ? await db.selectFrom("products").select(["id", "slug"]).where("id", "=", input.id).executeTakeFirst()
    : null;
  if (input.id && !existing) return { ok: false, status: 404, error: PRODUCT_MESSAGES.notFound };

  const currentImages = existing
    ? await db
        .selectFrom("product_images")
        .select(["file_name"])
        .where("product_id", "=", existing.id)
        .execute()
    : [];
  const currentNames = new Set(currentImages.map((image) => image.file_name));
  const newIndexes = input.images
    .filter((token) => token.startsWith("new:"))
    .map((token) => Number(token.slice(4)));
  const validTokens =
    new Set(input.images).size === input.images.length &&
    input.images.every((token) => token.startsWith("new:") || currentNames.has(token)) &&
    newIndexes.every((index) => index < files.length) &&
    newIndexes.length === files.length;
  if (files.length > 10 || input.images.length > 10) {
    return { ok: false, status: 400, error: PRODUCT_MESSAGES.tooManyImages };
  }
  if (!validTokens) return { ok: false, status: 400, error: IMAGES_MISMATCH };

  const stored = await storeUploadedImages(ctx, "products", files);
  const id = existing?.id ?? newId();
  /** Images the committed save dropped: their files go once it has committed. */
  let removed: string[] = [];
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const slug = await db.transaction().execute(async (trx) => {
          const own = existing
            ? await lockingRows(
                trx,
                trx.selectFrom("products").select(["id", "slug", "is_sold"]).where("id", "=", id),
              ).executeTakeFirst()
            : undefined;
          if (existing && !own) throw new ProductGoneError();
          if (own) {
            // The images as they are now, under the lock (another save may have changed them).
            const present = (
              await trx
                .selectFrom("product_images")
                .select("file_name")
                .where("product_id", "=", id)
                .execute()
            ).map((image) => image.file_name);
            const kept = input.images.filter((token) => !token.startsWith("new:"));
            if (kept.some((name) => !present.includes(name))) throw new ImagesChangedError();
            removed = present.filter((name) => !input.images.includes(name));
          }
          await checkReferences(trx, input);
          const slug = await slugFor(trx, input.name, own ?? null);
          const fields = {
            slug,
            name: input.name,
            description: input.description,
            safety_info: input.safetyInfo,
            price_cents: input.priceCents,
            stock: input.stock,
            is_unique: input.isUnique ? (1 as const) : (0 as const),
            is_sold: input.isSold ? (1 as const) : (0 as const),
            updated_at: nowIso(),
          };
          if (existing) {
            await trx.updateTable("products").set(fields).where("id", "=", id).execute();
          } else {
            await trx
              .insertInto("products")
              .values({ id, ...fields, created_at: fields.updated_at })
              .execute();
          }
          if (removed.length > 0) {
            await trx
              .deleteFrom("product_images")
              .where("product_id", "=", id)
              .where("file_name", "in", removed)
              .execute();
          }
          for (const [position, token] of input.images.entries()) {
            if (token.startsWith("new:")) {
              const image = stored[newIndexes.indexOf(Number(token.slice(4)))];
              if (!image) throw new Error("image manquante");
              await trx
                .insertInto("product_images")
                .values({
                  id: newId(),
                  product_id: id,
                  file_name: image.fileName,
                  position,
                  width: image.width,
                  height: image.height,
                })
                .execute();
            } else {
              await trx
                .updateTable("product_images")
                .set({ position })
                .where("product_id", "=", id)
                .where("file_name", "=", token)
                .execute();
            }
          }
          for (const key of RELATION_KEYS) {
            const [join, column] = RELATIONS[key];
            const table = join as "product_categories";
            await trx.deleteFrom(table).where("product_id", "=", id).execute();
            const refs = [...new Set(input[key])];
            if (refs.length > 0) {
              await trx
                .insertInto(table)
                .values(
                  refs.map(
                    (ref) =>
                      ({ product_id: id, [column]: ref }) as { product_id: string; category_id: string },
                  ),
                )
                .execute();
            }
          }
          // A piece put on sale (new, or back from sold) is told to the alerts' subscribers (ADR 033).
          if (!input.isSold && (!own || own.is_sold === 1)) await notePublishedPiece(trx, id);
          // Found under its new texts as soon as this commits (ADR 019).
          await indexProducts(trx, [id]);
          return slug;
        });
        await deleteStoredImages(ctx, "products", removed);
        // Committed: the new photos' sizes are made in the background, after this answer.
        makeSizesAhead(ctx, "products", stored);
        return {
          ok: true,
          message: existing ? PRODUCT_MESSAGES.updated : PRODUCT_MESSAGES.added,
          product: { id, slug },
        };
      } catch (error) {
        // Another save took the same slug between our check and our write: pick the next one.
        if (isUniqueViolation(error, "slug") && attempt < 5) continue;
        throw error;
      }
    }
  } catch (error) {
    await deleteStoredImages(
      ctx,
      "products",
      stored.map((image) => image.fileName),
    );
    if (error instanceof ReferenceMissingError) {
      return { ok: false, status: 400, error: PRODUCT_MESSAGES.unknownReference };
    }
    if (error instanceof ProductGoneError)
      return { ok: false, status: 404, error: PRODUCT_MESSAGES.notFound };
    if (error instanceof ImagesChangedError) return { ok: false, status: 409, error: IMAGES_MISMATCH };
    if (isUniqueViolation(error, "slug"))
      return { ok: false, status: 409, error: PRODUCT_MESSAGES.slugFailed };
    throw error;
  }
}

export async function setProductSold(db: DB, id: string, sold: boolean): Promise<ProductResult> {
  const product = await db.transaction().execute(async (trx) => {
    const before = await lockingRows(
      trx,
      trx.selectFrom("products").select("is_sold").where("id", "=", id),
    ).executeTakeFirst();
    const updated = await trx
      .updateTable("products")
      .set({ is_sold: sold ? 1 : 0, updated_at: nowIso() })
      .where("id", "=", id)
      .returning(["id", "slug"])
      .executeTakeFirst();
    // Back on sale: told to the alerts' subscribers like a new piece (ADR 033).
    if (updated && !sold && before?.is_sold === 1) await notePublishedPiece(trx, id);
    return updated;
  });
  if (!product) return { ok: false, status: 404, error: PRODUCT_MESSAGES.notFound };
  return { ok: true, message: PRODUCT_MESSAGES.updated, product };
}

export async function deleteProduct(ctx: ImageStorage & { db: DB }, id: string): Promise<ProductResult> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    // Locked: a save of this product waits, so the files removed are all the product's images.
    const product = await lockingRows(
      trx,
      trx.selectFrom("products").select(["id", "slug"]).where("id", "=", id),
    ).executeTakeFirst();
    if (!product) return null;
    const images = await trx
      .selectFrom("product_images")
      .select("file_name")
      .where("product_id", "=", id)
      .execute();
    // Its words leave the search, and the vocabulary those only it used (ADR 019).
    await unindexProduct(trx, id);
    // Images and relation links cascade; cart and favourite lines keep their snapshot (migration 0003).
    await trx.deleteFrom("products").where("id", "=", id).execute();
    return { product, files: images.map((image) => image.file_name) };
  });
  if (!result) return { ok: false, status: 404, error: PRODUCT_MESSAGES.notFound };
  await deleteStoredImages(ctx, "products", result.files);
  return { ok: true, message: PRODUCT_MESSAGES.deleted, product: result.product };
}
