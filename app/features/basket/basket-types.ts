/**
 * The basket's one piece shape (favourites and cart lines), for the server and the browser alike
 * (ADR 031): the browser's copy may not know yet whether a guest's stored piece is still orderable.
 */

/** Whether a piece in a list can still be ordered ("reserved": a unique piece held for an order, docs/product.md §10.19). */
export type Availability = "available" | "sold" | "out-of-stock" | "reserved" | "deleted";

export interface BasketProduct {
  /** The piece's id, or the line's own id once the piece was deleted. */
  productId: string;
  slug: string;
  name: string;
  priceCents: number | null;
  /** Units free to order: the stock less the units held for orders (docs/product.md §10.19). */
  stock: number;
  isUnique: boolean;
  /** Unknown until checked (a guest's stored piece); then whether it can still be ordered. */
  availability?: Availability;
  image: { fileName: string; width?: number; height?: number } | null;
}

/** A piece as the server lists it: its availability checked, its picture's size known. */
export type CheckedBasketProduct = BasketProduct & {
  availability: Availability;
  image: { fileName: string; width: number; height: number } | null;
};
