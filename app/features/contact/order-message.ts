/**
 * The message prefilled by 'Contacter pour commander' (docs/product.md §10.3: the pieces, quantities, prices
 * and total), so the seller can answer with availability, shipping and the payment link.
 */
import { formatPrice } from "~/lib/format";

export interface OrderLine {
  name: string;
  priceCents: number | null;
  quantity: number;
}

export function orderMessage(lines: readonly OrderLine[]): string {
  const shown = lines.filter((line) => line.name && line.priceCents !== null && line.quantity > 0);
  if (shown.length === 0) return "";
  const total = shown.reduce((sum, line) => sum + (line.priceCents ?? 0) * line.quantity, 0);
  const rows = shown.map(
    (line) =>
      `- ${line.name} × ${line.quantity} — ${formatPrice(line.priceCents)} l'unité, soit ${formatPrice((line.priceCents ?? 0) * line.quantity)}`,
  );
  return [
    "Bonjour,",
    "",
    "Je souhaite commander les créations suivantes :",
    ...rows,
    "",
    `Total : ${formatPrice(total)} (hors frais de livraison)`,
    "",
    "Pouvez-vous me confirmer leur disponibilité, les frais de livraison et m'envoyer le lien de paiement sécurisé ?",
    "",
    "Merci !",
  ].join("\n");
}
