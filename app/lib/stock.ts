/** Stock wording of docs/product.md §4 "Stock display". */
export function catalogueStockLabel(product: { isUnique: boolean; stock: number }): string {
  if (product.isUnique) return "Pièce unique";
  if (product.stock > 0) return `Stock: ${product.stock}`;
  return "Rupture de stock";
}

/** Product page: 'En stock: N disponible(s)' (plural above 1). */
export function productStockLine(product: { isUnique: boolean; stock: number }): string {
  if (product.stock <= 0) return "Rupture de stock";
  return `En stock: ${product.stock} ${product.stock > 1 ? "disponibles" : "disponible"}`;
}
