import { z } from "zod";
import "~/lib/zod-french";

const productId = z.string().regex(/^[a-z0-9]{1,32}$/, "Création inconnue.");

/** POST /api/panier (docs/product.md §7 cart_items: add, quantity change by delta, remove). */
export const cartActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), productId }),
  z.object({ intent: z.literal("change"), productId, delta: z.coerce.number().int().min(-99).max(99) }),
  z.object({ intent: z.literal("remove"), productId }),
]);

/** POST /api/favoris (docs/product.md §7 user_favorites: toggle, remove). */
export const favoriteActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("toggle"), productId }),
  z.object({ intent: z.literal("remove"), productId }),
]);

/** The guest basket sent with the login and signup forms, to merge into the account. */
export const guestBasketSchema = z.object({
  cart: z
    .array(z.object({ productId, quantity: z.number().int().min(1).max(99) }))
    .max(200)
    .default([]),
  favorites: z.array(productId).max(500).default([]),
});

export type CartAction = z.infer<typeof cartActionSchema>;
export type FavoriteAction = z.infer<typeof favoriteActionSchema>;
