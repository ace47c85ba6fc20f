import { z } from "zod";
import "~/lib/zod-french";

const productId = z.string().regex(/^[a-z0-9]{1,32}$/, "Création inconnue.");

/** Lines and favourites one import may bring: what a browser's old local-storage basket held at most. */
export const IMPORT_MAX_LINES = 200;
export const IMPORT_MAX_FAVORITES = 500;

/**
 * POST /api/panier (docs/product.md §7, ADR 032), for every visitor: the cart (add, quantity change
 * by delta, remove), the favourites (toggle, remove) and, once, the import of a guest's old
 * local-storage basket into the server's.
 */
export const basketActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId }),
  z.object({ intent: z.literal("change"), productId, delta: z.coerce.number().int().min(-99).max(99) }),
  z.object({ intent: z.literal("remove"), productId }),
  z.object({ intent: z.literal("favorite"), productId }),
  z.object({ intent: z.literal("unfavorite"), productId }),
  z.object({
    intent: z.literal("import"),
    cart: z
      .array(z.object({ productId, quantity: z.number().int().min(1).max(99) }))
      .max(IMPORT_MAX_LINES, `Panier refusé : ${IMPORT_MAX_LINES} lignes au maximum.`)
      .default([]),
    favorites: z
      .array(productId)
      .max(IMPORT_MAX_FAVORITES, `Favoris refusés : ${IMPORT_MAX_FAVORITES} au maximum.`)
      .default([]),
  }),
]);

export type BasketAction = z.infer<typeof basketActionSchema>;
