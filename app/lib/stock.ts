/**
 * Stock wording of docs/product.md §4 "Stock display", with the units held for orders (§10.19) taken
 * off: a unique piece held for someone's order reads 'Réservée', a limited stock counts what is free.
 */
interface StockFacts {
  isUnique: boolean;
  stock: number;
  /** Units held for open orders; absent: none. */
  held?: number;
}

/** Whether a unique piece is held for an order. */
export function isReserved(product: StockFacts): boolean {
  return product.isUnique && product.stock > 0 && (product.held ?? 0) > 0;
}

/** Units still free to order (a unique piece has one at most). */
export function freeStock(product: StockFacts): number {
  const limit = product.isUnique ? Math.min(1, product.stock) : product.stock;
  return Math.max(0, limit - (product.held ?? 0));
}

export function catalogueStockLabel(product: StockFacts): string {
  if (isReserved(product)) return "Réservée";
  if (product.isUnique) return "Pièce unique";
  const free = freeStock(product);
  if (free > 0) return `Stock: ${free}`;
  return "Rupture de stock";
}

/** Product page: 'En stock: N disponible(s)' (plural above 1). */
export function productStockLine(product: StockFacts): string {
  if (isReserved(product)) return "Réservée";
  const free = product.isUnique ? freeStock(product) : Math.max(0, product.stock - (product.held ?? 0));
  if (free <= 0) return "Rupture de stock";
  return `En stock: ${free} ${free > 1 ? "disponibles" : "disponible"}`;
}
