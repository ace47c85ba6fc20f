/**
 * The withdrawal's e-mails (docs/product.md §10.24): the customer's acknowledgement, sent at once on
 * a durable medium with the declaration's content and its date and time (Code de la consommation
 * L221-21, D221-5), and the seller's notice. Plain text, French; recorded in the outbox with the
 * declaration (ADR 025).
 */
import { dayMonthYear, longDate } from "~/lib/dates";
import { formatPrice } from "~/lib/format";
import type { MailMessage } from "~/server/mail.server";
import { frenchDay, REFUND_DAYS, refundDeadlineDay, WITHDRAWAL_DAYS } from "./withdrawal-types";

const clockFormat = new Intl.DateTimeFormat("fr-FR", {
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZone: "Europe/Paris",
});

/** "le 26 novembre 2026 à 21 h 34", in the shop's time zone. */
export function declarationMoment(iso: string): string {
  const [hours, minutes] = clockFormat.format(new Date(iso)).split(":");
  return `le ${dayMonthYear(iso)} à ${hours} h ${minutes}`;
}

export interface DeclaredWithdrawal {
  number: string;
  orderedAt: string;
  customerName: string;
  email: string;
  reason: string;
  declaredAt: string;
  lines: { name: string; quantity: number; unitPriceCents: number | null }[];
}

export interface ShopForWithdrawal {
  shopName: string;
  email: string;
  addressLine: string;
  postalCode: string;
  city: string;
}

function lineText(line: DeclaredWithdrawal["lines"][number]): string {
  const price = line.unitPriceCents === null ? "" : ` — ${formatPrice(line.unitPriceCents * line.quantity)}`;
  return `  - ${line.name} × ${line.quantity}${price}`;
}

function declarationText(withdrawal: DeclaredWithdrawal): string[] {
  return [
    `- Nom : ${withdrawal.customerName}`,
    `- Commande : ${withdrawal.number}, passée le ${dayMonthYear(withdrawal.orderedAt)}`,
    "- Pièces concernées :",
    ...withdrawal.lines.map(lineText),
    `- Adresse e-mail de l'accusé de réception : ${withdrawal.email}`,
    `- Motif : ${withdrawal.reason || "non indiqué (vous n'avez pas à le donner)"}`,
    `- Déclaration faite ${declarationMoment(withdrawal.declaredAt)} (heure de Paris)`,
  ];
}

/** The acknowledgement (L221-21): the declaration's whole content, its date and time, what follows. */
export function acknowledgementMail(
  withdrawal: DeclaredWithdrawal,
  shop: ShopForWithdrawal,
  to: string = withdrawal.email,
): MailMessage {
  const returnBy = frenchDay(refundDeadlineDay(withdrawal.declaredAt));
  const address = [shop.addressLine, [shop.postalCode, shop.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return {
    to,
    subject: `Accusé de réception de votre rétractation – commande ${withdrawal.number}`,
    ...(shop.email ? { replyTo: shop.email } : {}),
    text: [
      `Bonjour ${withdrawal.customerName},`,
      "",
      `Nous avons bien reçu votre rétractation ${declarationMoment(withdrawal.declaredAt)}, faite avec la`,
      `fonction de rétractation du site ${shop.shopName} (article L221-21 du Code de la consommation).`,
      "Conservez cet e-mail : il atteste de votre déclaration et de sa date.",
      "",
      "Votre déclaration :",
      ...declarationText(withdrawal),
      "",
      "La suite :",
      `- Renvoyez-nous les pièces concernées au plus tard le ${returnBy}, soit ${WITHDRAWAL_DAYS} jours après votre`,
      `  rétractation (article L221-23)${address ? `, à l'adresse : ${address}` : ""}.`,
      `- Nous vous remboursons au plus tard le ${returnBy}, ${REFUND_DAYS} jours après votre rétractation`,
      "  (article L221-24), par le moyen de paiement utilisé pour la commande. Ce remboursement peut",
      "  attendre la réception des pièces ou la preuve de leur expédition.",
      "",
      "Une question ? Répondez simplement à cet e-mail en rappelant le numéro de votre commande.",
      "",
      `Ia ora na, ${shop.shopName}.`,
    ].join("\n"),
  };
}

/** The seller's notice: who withdrew, from what, and the refund's deadline. */
export function sellerWithdrawalMail(
  withdrawal: DeclaredWithdrawal,
  shop: ShopForWithdrawal,
  adminUrl: string,
): MailMessage {
  const deadline = refundDeadlineDay(withdrawal.declaredAt);
  return {
    to: shop.email,
    subject: `${shop.shopName} — rétractation pour la commande ${withdrawal.number}`,
    replyTo: withdrawal.email,
    text: [
      `${withdrawal.customerName} s'est rétracté(e) ${declarationMoment(withdrawal.declaredAt)} avec la fonction`,
      "de rétractation du site. L'accusé de réception lui a été envoyé.",
      "",
      ...declarationText(withdrawal),
      "",
      `Remboursement à faire au plus tard le ${longDate(`${deadline}T12:00:00Z`)} (article L221-24 du Code de la`,
      "consommation) ; vous pouvez l'attendre jusqu'au retour des pièces ou la preuve de leur expédition.",
      "Marquez le retour reçu puis le remboursement sur la page de la commande :",
      adminUrl,
    ].join("\n"),
  };
}
