/** The shopping feeds' French texts (docs/product.md §8, §10.28). */

/** Why a piece is left out of both feeds: each format requires a price and a picture. */
export const LEFT_OUT_REASONS = {
  noPrice: "Prix sur demande",
  noPicture: "Aucune photo",
} as const;

export type LeftOutReason = (typeof LEFT_OUT_REASONS)[keyof typeof LEFT_OUT_REASONS];

/** The delivery service named in the feeds' shipping lines (the order form's mode, §10.27). */
export const FEED_SHIPPING_SERVICE = "Envoi postal";
