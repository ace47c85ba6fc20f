/**
 * Categories, colours, materials and pearl types (docs/product.md §7 "Reference data"). Deleting one removes
 * only its links to products (the join tables cascade); the products themselves stay. Their names
 * are words of the search (ADR 019): the pieces using one are indexed again when it is renamed or
 * deleted, in the same transaction.
 */

import type { ReferenceAction } from "~/features/catalogue/admin/reference-schema";
import { REFERENCE_MESSAGES, type ReferenceKind } from "~/features/catalogue/catalogue-messages";
import type { DB } from "~/server/database.server";
import { isUniqueViolation } from "~/server/db-errors.server";
import { newId, nowIso } from "~/server/ids.server";
import { indexProducts } from "./search-index.server";

export type ReferenceResult = { ok: true; message: string } | { ok: false; status: number; error: string };

const collator = new Intl.Collator("fr", { sensitivity: "base" });

export interface AdminReferenceItem {
  id: string;
  name: string;
  products: number;
}

const JOINS = {
  categories: ["product_categories", "category_id"],
  colors: ["product_colors", "color_id"],
  materials: ["product_materials", "material_id"],
  pearl_types: ["product_pearl_types", "pearl_type_id"],
} as const;

/** One list, by French name order, with how many products use each entry. */
export async function listReferenceItems(db: DB, kind: ReferenceKind): Promise<AdminReferenceItem[]> {
  const [join, column] = JOINS[kind];
  const rows = await db
    .selectFrom(`${kind} as t` as "categories as t")
    .leftJoin(`${join} as j` as "product_categories as j", `j.${column}` as "j.category_id", "t.id")
    .select((eb) => ["t.id", "t.name", eb.fn.count<number>("j.product_id").as("products")])
    .groupBy(["t.id", "t.name"])
    .execute();
  return rows
    .map((row) => ({ id: row.id, name: row.name, products: Number(row.products) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export async function applyReferenceAction(db: DB, action: ReferenceAction): Promise<ReferenceResult> {
  const messages = REFERENCE_MESSAGES[action.kind];
  // The table name comes from a closed list validated by zod, never from the caller's text.
  const table = action.kind as "categories";
  const [join, column] = JOINS[action.kind] as (typeof JOINS)["categories"];
  try {
    return await db.transaction().execute(async (trx): Promise<ReferenceResult> => {
      const linkedPieces = async (id: string) =>
        (await trx.selectFrom(join).select("product_id").where(column, "=", id).execute()).map(
          (row) => row.product_id,
        );
      if (action.intent === "create") {
        await trx
          .insertInto(table)
          .values({ id: newId(), name: action.name, created_at: nowIso() })
          .execute();
        return { ok: true, message: messages.added };
      }
      if (action.intent === "rename") {
        const result = await trx
          .updateTable(table)
          .set({ name: action.name })
          .where("id", "=", action.id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return { ok: false, status: 404, error: messages.notFound };
        await indexProducts(trx, await linkedPieces(action.id));
        return { ok: true, message: messages.updated };
      }
      const linked = await linkedPieces(action.id);
      const result = await trx.deleteFrom(table).where("id", "=", action.id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return { ok: false, status: 404, error: messages.notFound };
      await indexProducts(trx, linked);
      return { ok: true, message: messages.deleted };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, status: 409, error: messages.duplicate };
    throw error;
  }
}
