/**
 * A price as the admin types it (docs/product.md §5): the product form, an order's adjusted
 * delivery cost, a refund and a withdrawal's reimbursement all read it the same way. Client-safe.
 */
export const PRICE_MESSAGE = "Le prix doit être un nombre positif, au centime près.";

/** "12", "12.5", "12,50" → cents; empty → 0 (docs/product.md §5). */
export function parsePriceCents(value: string): number | null {
  const text = value.trim();
  if (text === "") return 0;
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text.replace(",", ".")) * 100);
}
