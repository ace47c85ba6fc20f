/**
 * The admin product form (docs/product.md §5): one schema for the browser's instant checks and the action.
 * Images travel as an ordered list of tokens: a stored file name to keep, or "new:N" for the Nth
 * uploaded file, so one save carries additions, removals and the new order.
 */
import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text-schema";
import "~/lib/zod-french";
import { PRODUCT_MESSAGES } from "~/features/catalogue/catalogue-messages";
import { SAFETY_INFO_MAX } from "~/features/settings/product-safety-schema";
import { parsePriceCents } from "~/lib/price";
import { recordId } from "~/lib/record-id";
import { slugify } from "~/lib/slugify";
import { hasForbiddenSemiPrecious, PEARL_WORDING_MESSAGES } from "./pearl-wording";

export const SAFETY_INFO_TOO_LONG = `Les informations de sécurité et d'entretien sont trop longues (${SAFETY_INFO_MAX} caractères au maximum).`;

export const MAX_PRODUCT_IMAGES = 10;
const ids = z.array(recordId).max(100);
const flag = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true" || value === "1");

export const IMAGE_TOKEN = /^([a-z0-9]{15}\.webp|new:\d{1,2})$/;

/** docs/product.md §5: digits only; 1 when unique, otherwise the integer (0 if invalid). */
export function normaliseStock(value: string, isUnique: boolean): number {
  if (isUnique) return 1;
  const text = value.trim();
  return /^\d{1,6}$/.test(text) ? Number(text) : 0;
}

export const productFields = z
  .object({
    id: recordId.optional(),
    name: singleLineText()
      .max(200, "Le nom est trop long (200 caractères au maximum).")
      .refine((name) => slugify(name) !== "", PRODUCT_MESSAGES.nameEmpty)
      // docs/product.md §5: décret 2002-65 forbids the term; the pearl warning never blocks.
      .refine((name) => !hasForbiddenSemiPrecious(name), PEARL_WORDING_MESSAGES.semiPrecious),
    description: multiLineText()
      .max(5000, "La description est trop longue.")
      .refine((text) => !hasForbiddenSemiPrecious(text), PEARL_WORDING_MESSAGES.semiPrecious)
      .default(""),
    // docs/product.md §2 "Fabricant et sécurité": empty shows the shop's default text.
    safetyInfo: multiLineText().max(SAFETY_INFO_MAX, SAFETY_INFO_TOO_LONG).default(""),
    price: singleLineText()
      .default("")
      .refine((value) => parsePriceCents(value) !== null, PRODUCT_MESSAGES.price),
    stock: singleLineText().default(""),
    isUnique: flag,
    isSold: flag,
    categories: ids.min(1, PRODUCT_MESSAGES.categoryRequired),
    colors: ids,
    materials: ids,
    pearlTypes: ids,
    images: z
      .array(z.string().regex(IMAGE_TOKEN, "Image inconnue."))
      .max(MAX_PRODUCT_IMAGES, PRODUCT_MESSAGES.tooManyImages),
  })
  .transform((fields) => ({
    ...fields,
    priceCents: parsePriceCents(fields.price) ?? 0,
    stock: normaliseStock(fields.stock, fields.isUnique),
  }));

export const PRODUCT_LIST_FIELDS = ["categories", "colors", "materials", "pearlTypes", "images"] as const;

export const productActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set-sold"), id: recordId, sold: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete"), id: recordId }),
]);

export type ProductInput = z.output<typeof productFields>;
