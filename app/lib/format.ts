/** French formatting of prices and dates (docs/product.md §10.9: Intl with fr-FR). */
const priceFormat = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });

/** "1 234,50 €" (the narrow no-break spaces of fr-FR); null means the price is on request. */
export function formatPrice(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "Prix sur demande";
  return priceFormat.format(cents / 100);
}

export function sumCents(lines: readonly { priceCents: number | null; quantity?: number }[]): number {
  return lines.reduce((total, line) => total + (line.priceCents ?? 0) * (line.quantity ?? 1), 0);
}
