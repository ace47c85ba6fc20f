/** French formatting of prices (docs/product.md §10.9). */

/**
 * "1 234,50 €", null meaning the price is on request: exactly what `Intl.NumberFormat("fr-FR",
 * { style: "currency", currency: "EUR" })` writes (narrow no-break spaces between thousands, a
 * no-break space before €; format.test.ts compares them), written out here because a page's first
 * Intl formatter costs the browser 30–60 ms of start-up (ICU's data), and every page shows a price.
 * Prices are integer cents.
 */
export function formatPrice(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "Prix sur demande";
  const whole = Math.abs(Math.round(cents));
  const euros = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
  return `${cents < 0 && whole > 0 ? "-" : ""}${euros},${String(whole % 100).padStart(2, "0")}\u00a0€`;
}

export function sumCents(lines: readonly { priceCents: number | null; quantity?: number }[]): number {
  return lines.reduce((total, line) => total + (line.priceCents ?? 0) * (line.quantity ?? 1), 0);
}

/**
 * What a piece on request costs on a line: "Prix sur demande" until the seller fixes it
 * (docs/product.md §10.19, price on request), else the unit price times the quantity.
 */
export function formatLineTotal(unitCents: number | null, quantity = 1): string {
  return unitCents === null ? formatPrice(null) : formatPrice(unitCents * quantity);
}

/** docs/product.md §8: the total when some pieces' prices are still to be fixed by the seller. */
export const TOTAL_TO_CONFIRM = "à confirmer";

/**
 * A total over lines some of which may be on request (docs/product.md §8): "120,00 €"; "120,00 € +
 * pièces à prix sur demande (à confirmer)"; "à confirmer" when every line is on request.
 */
export function formatTotal(lines: readonly { priceCents: number | null; quantity?: number }[]): string {
  const onRequest = lines.some((line) => line.priceCents === null);
  if (!onRequest) return formatPrice(sumCents(lines));
  if (lines.every((line) => line.priceCents === null)) return TOTAL_TO_CONFIRM;
  return `${formatPrice(sumCents(lines))} + pièces à prix sur demande (${TOTAL_TO_CONFIRM})`;
}
