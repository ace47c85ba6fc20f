/**
 * The withdrawal's e-mails (docs/product.md §10.24): the customer's acknowledgement, sent at once on
 * a durable medium with the declaration's content and its date and time (Code de la consommation
 * L221-21, D221-5), and the seller's notice. HTML with a plain-text part (§10.13), French; recorded
 * in the outbox with the declaration (ADR 025).
 */
import { composeMail } from "~/features/mail/compose-mail.server";
import type { MailBlock } from "~/features/mail/mail-template";
import { mailPieces } from "~/features/orders/order-mail-pieces.server";
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
  lines: {
    productId: string | null;
    slug: string;
    name: string;
    quantity: number;
    unitPriceCents: number | null;
  }[];
}

/** Where the e-mails link to: the shop, the order's private page, the pieces' first pictures. */
export interface WithdrawalMailLinks {
  publicUrl: string;
  orderUrl: string;
  pictures: ReadonlyMap<string, string>;
}

export interface ShopForWithdrawal {
  shopName: string;
  email: string;
  addressLine: string;
  postalCode: string;
  city: string;
}

/** The declaration's content, as declared: who, which order, which e-mail, why, when. */
function declarationFacts(withdrawal: DeclaredWithdrawal): MailBlock {
  return {
    kind: "facts",
    rows: [
      ["Nom", withdrawal.customerName],
      ["Commande", `${withdrawal.number}, passée le ${dayMonthYear(withdrawal.orderedAt)}`],
      ["Adresse e-mail de l'accusé de réception", withdrawal.email],
      ["Motif", withdrawal.reason || "non indiqué (vous n'avez pas à le donner)"],
      ["Déclaration faite", `${declarationMoment(withdrawal.declaredAt)} (heure de Paris)`],
    ],
  };
}

function piecesConcerned(withdrawal: DeclaredWithdrawal, links: WithdrawalMailLinks): MailBlock {
  const lines = withdrawal.lines.map((line, index) => ({ ...line, id: String(index), heldQuantity: 0 }));
  const total = withdrawal.lines.reduce((sum, line) => sum + (line.unitPriceCents ?? 0) * line.quantity, 0);
  return {
    kind: "pieces",
    title: "Pièces concernées",
    pieces: mailPieces(lines, links.pictures, links.publicUrl),
    rows: total > 0 ? [["Montant des pièces", formatPrice(total)]] : [],
  };
}

/** The acknowledgement (L221-21): the declaration's whole content, its date and time, what follows. */
export function acknowledgementMail(
  withdrawal: DeclaredWithdrawal,
  shop: ShopForWithdrawal,
  links: WithdrawalMailLinks,
  to: string = withdrawal.email,
): MailMessage {
  const returnBy = frenchDay(refundDeadlineDay(withdrawal.declaredAt));
  const address = [shop.addressLine, [shop.postalCode, shop.city].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return composeMail({
    to,
    subject: `Accusé de réception de votre rétractation – commande ${withdrawal.number}`,
    ...(shop.email ? { replyTo: shop.email } : {}),
    brand: { shopName: shop.shopName, publicUrl: links.publicUrl },
    title: "Accusé de réception de votre rétractation",
    preview: `Rétractation reçue ${declarationMoment(withdrawal.declaredAt)}, commande ${withdrawal.number}.`,
    greeting: `Bonjour ${withdrawal.customerName},`,
    blocks: [
      {
        kind: "text",
        lines: [
          `Nous avons bien reçu votre rétractation ${declarationMoment(withdrawal.declaredAt)}, faite avec la`,
          `fonction de rétractation du site ${shop.shopName} (article L221-21 du Code de la consommation).`,
          "Conservez cet e-mail : il atteste de votre déclaration et de sa date.",
        ],
      },
      { kind: "heading", text: "Votre déclaration" },
      declarationFacts(withdrawal),
      piecesConcerned(withdrawal, links),
      { kind: "heading", text: "La suite" },
      {
        kind: "text",
        lines: [
          `Renvoyez-nous les pièces concernées au plus tard le ${returnBy}, soit ${WITHDRAWAL_DAYS} jours après votre`,
          `rétractation (article L221-23)${address ? `, à l'adresse : ${address}` : ""}.`,
        ],
      },
      {
        kind: "text",
        lines: [
          `Nous vous remboursons au plus tard le ${returnBy}, ${REFUND_DAYS} jours après votre rétractation`,
          "(article L221-24), par le moyen de paiement utilisé pour la commande. Ce remboursement peut",
          "attendre la réception des pièces ou la preuve de leur expédition.",
        ],
      },
      {
        kind: "action",
        intro: "Votre commande et sa rétractation :",
        label: "Voir ma commande",
        url: links.orderUrl,
      },
      {
        kind: "note",
        lines: ["Une question ? Répondez simplement à cet e-mail en rappelant le numéro de votre commande."],
      },
    ],
    signature: `Ia ora na, ${shop.shopName}.`,
  });
}

/** The seller's notice: who withdrew, from what, and the refund's deadline. */
export function sellerWithdrawalMail(
  withdrawal: DeclaredWithdrawal,
  shop: ShopForWithdrawal,
  links: WithdrawalMailLinks,
  adminUrl: string,
): MailMessage {
  const deadline = refundDeadlineDay(withdrawal.declaredAt);
  return composeMail({
    to: shop.email,
    subject: `${shop.shopName} — rétractation pour la commande ${withdrawal.number}`,
    replyTo: withdrawal.email,
    brand: { shopName: shop.shopName, publicUrl: links.publicUrl },
    title: `Rétractation — commande ${withdrawal.number}`,
    preview: `${withdrawal.customerName} s'est rétracté(e) ${declarationMoment(withdrawal.declaredAt)}.`,
    blocks: [
      {
        kind: "text",
        lines: [
          `${withdrawal.customerName} s'est rétracté(e) ${declarationMoment(withdrawal.declaredAt)} avec la fonction`,
          "de rétractation du site. L'accusé de réception lui a été envoyé.",
        ],
      },
      declarationFacts(withdrawal),
      piecesConcerned(withdrawal, links),
      {
        kind: "text",
        lines: [
          `Remboursement à faire au plus tard le ${longDate(`${deadline}T12:00:00Z`)} (article L221-24 du Code de la`,
          "consommation) ; vous pouvez l'attendre jusqu'au retour des pièces ou la preuve de leur expédition.",
        ],
      },
      {
        kind: "action",
        intro: "Marquez le retour reçu puis le remboursement sur la page de la commande :",
        label: "Ouvrir la commande",
        url: adminUrl,
      },
    ],
  });
}
