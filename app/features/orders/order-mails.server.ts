/**
 * The e-mails of an order (docs/product.md §10.19): the customer's confirmation, with the link to
 * follow the order without an account; one for every later step (the payment link, the tracking
 * number); and the shop's notice of a new order (switchable, §10.20). Plain text, French.
 * They are queued: a slow mail server never holds the customer's answer, and the stored order is
 * what counts.
 */

import { frenchTime, longDate } from "~/lib/dates";
import { formatPrice } from "~/lib/format";
import type { MailMessage } from "~/server/mail.server";
import {
  awaitsApproval,
  DELIVERY_LABELS,
  hasUnpricedLine,
  ORDER_STATUS_LABELS,
  orderTotalText,
  PRICE_TO_CONFIRM_NOTE,
} from "./order-types";
import type { OrderView } from "./orders.server";

/** The page where anyone holding the link follows the order. */
export function trackingUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/commande/${token}`;
}

/** The page where the customer confirms the order's e-mail address (ADR 022): a button, never a GET. */
export function confirmationUrl(publicUrl: string, confirmToken: string): string {
  return `${publicUrl}/commande/${confirmToken}/confirmer`;
}

function when(iso: string): string {
  return `${longDate(iso)} à ${frenchTime(iso)}`;
}

/** A line's hold, when not all its units are held (ADR 022). */
function waiting(line: OrderView["lines"][number]): string {
  if (line.heldQuantity >= line.quantity) return "";
  return line.heldQuantity === 0
    ? " (en attente de validation par la boutique)"
    : ` (${line.heldQuantity} réservée${line.heldQuantity > 1 ? "s" : ""}, le reste en attente de validation par la boutique)`;
}

function summary(order: OrderView): string[] {
  const lines = order.lines.map((line) =>
    line.unitPriceCents === null
      ? `- ${line.name} × ${line.quantity} — ${formatPrice(null)}${waiting(line)}`
      : `- ${line.name} × ${line.quantity} — ${formatPrice(line.unitPriceCents)} l'unité, soit ${formatPrice(line.unitPriceCents * line.quantity)}${waiting(line)}`,
  );
  return [
    `Commande ${order.number}`,
    ...lines,
    `Total : ${orderTotalText(order)} (hors frais de livraison)`,
    // Code de la consommation L112-1, L221-5: the price is known before the customer pays (§10.19).
    ...(hasUnpricedLine(order) ? [PRICE_TO_CONFIRM_NOTE] : []),
    `Livraison : ${deliveryText(order)}`,
  ];
}

export function deliveryText(order: Pick<OrderView, "delivery">): string {
  const { delivery } = order;
  switch (delivery.method) {
    case "envoi":
      return `${DELIVERY_LABELS.envoi} — ${delivery.addressLine}, ${delivery.postalCode} ${delivery.city}`;
    case "evenement":
      return `${DELIVERY_LABELS.evenement} — ${delivery.eventTitle}${delivery.eventStart ? `, ${longDate(delivery.eventStart)}` : ""}`;
    default:
      return DELIVERY_LABELS.main_propre;
  }
}

const SIGNATURE = ["", "Ia ora na, à bientôt sur Nacre."];

const APPROVAL_NOTE = [
  "",
  "Certaines pièces attendent la validation de la boutique avant de vous être réservées :",
  "nous vous écrivons dès qu'elle est faite.",
];

/**
 * The customer's first e-mail. From an address not yet confirmed (ADR 022), it asks to confirm by
 * the link and says until when the pieces are held without it, and for how long with it.
 */
export function orderConfirmationMail(
  order: OrderView,
  shopName: string,
  link: string,
  holdDays: number,
  confirmLink: string | null = null,
): MailMessage {
  const days = `${holdDays} jour${holdDays > 1 ? "s" : ""}`;
  const intro = confirmLink
    ? [
        "Merci pour votre commande ! Une dernière étape : confirmez-la en ouvrant ce lien, puis en",
        "cliquant sur « Confirmer ma commande » :",
        confirmLink,
        "",
        `Sans confirmation, vos pièces ne restent réservées que jusqu'au ${when(order.holdExpiresAt)}.`,
        `Une fois votre commande confirmée, elles vous sont réservées ${days} à compter de la commande.`,
        "Nous revenons ensuite vers vous avec les frais de livraison et un lien de paiement sécurisé.",
      ]
    : [
        "Merci pour votre commande ! Nous l'avons bien reçue et vos pièces vous sont réservées",
        `pendant ${days}, jusqu'au ${when(order.holdExpiresAt)}. Nous revenons vers vous très vite avec les frais de livraison`,
        "et un lien de paiement sécurisé.",
      ];
  return {
    to: order.email,
    subject: confirmLink
      ? `${shopName} — confirmez votre commande ${order.number}`
      : `${shopName} — votre commande ${order.number} est enregistrée`,
    text: [
      `Bonjour ${order.customerName},`,
      "",
      ...intro,
      ...(awaitsApproval(order) ? APPROVAL_NOTE : []),
      "",
      ...summary(order),
      "",
      "Suivez votre commande à tout moment (gardez ce lien pour vous) :",
      link,
      ...SIGNATURE,
    ].join("\n"),
  };
}

/** Every step after the first: what changed, and what to do now. */
export function orderStepMail(order: OrderView, shopName: string, link: string, publicUrl = ""): MailMessage {
  const label = ORDER_STATUS_LABELS[order.status];
  const body: string[] = [];
  switch (order.status) {
    case "lien_envoye":
      body.push(
        "Votre commande est prête : voici votre lien de paiement sécurisé.",
        order.paymentUrl ?? "",
        "",
        "Dès réception du paiement, nous préparons votre envoi.",
        // CGV article 1: the terms are recalled with the payment link; paying accepts them.
        ...(publicUrl
          ? ["", `En payant, vous acceptez nos conditions générales de vente : ${publicUrl}/cgv`]
          : []),
      );
      break;
    case "payee":
      body.push("Nous avons bien reçu votre paiement, merci ! Votre commande est en préparation.");
      break;
    case "expediee":
      body.push(
        "Votre commande est en route.",
        ...(order.trackingNumber ? [`Numéro de suivi : ${order.trackingNumber}`] : []),
      );
      break;
    case "livree":
      body.push("Votre commande est livrée. Nous espérons que vos bijoux vous plaisent !");
      break;
    case "annulee":
      body.push(
        "Votre commande a été annulée. Si vous n'en êtes pas à l'origine ou si vous avez une question, répondez simplement à cet e-mail.",
      );
      break;
    default:
      body.push(`Votre commande est maintenant : ${label}.`);
  }
  return {
    to: order.email,
    subject: `${shopName} — commande ${order.number} : ${label}`,
    text: [
      `Bonjour ${order.customerName},`,
      "",
      ...body,
      "",
      ...summary(order),
      "",
      "Suivre votre commande :",
      link,
      ...SIGNATURE,
    ].join("\n"),
  };
}

export function newOrderShopMail(
  order: OrderView,
  shop: { shopName: string; email: string },
  adminUrl: string,
): MailMessage {
  const at = order.createdAt;
  return {
    to: shop.email,
    subject: `${shop.shopName} — nouvelle commande ${order.number} (${orderTotalText(order)})`,
    replyTo: order.email,
    text: [
      `Nouvelle commande le ${longDate(at)} à ${frenchTime(at)}.`,
      `De : ${order.customerName} <${order.email}>${order.phone ? `, ${order.phone}` : ""}`,
      ...(!order.awaitingConfirmation
        ? []
        : [
            `Adresse e-mail pas encore confirmée : pièces réservées jusqu'au ${when(order.holdExpiresAt)} seulement.`,
          ]),
      ...(awaitsApproval(order)
        ? [
            "Des pièces dépassent ce qu'un client peut réserver sans vous : acceptez la commande pour les réserver.",
          ]
        : []),
      "",
      ...summary(order),
      ...(order.message ? ["", "Message :", order.message] : []),
      "",
      "Ouvrir la commande :",
      adminUrl,
    ].join("\n"),
  };
}

/** The seller accepted the units beyond the client's cap (ADR 022). */
export function orderApprovedMail(order: OrderView, shopName: string, link: string): MailMessage {
  return {
    to: order.email,
    subject: `${shopName} — commande ${order.number} : toutes vos pièces sont réservées`,
    text: [
      `Bonjour ${order.customerName},`,
      "",
      `Bonne nouvelle : la boutique a validé votre commande. Toutes vos pièces vous sont réservées jusqu'au ${when(order.holdExpiresAt)}.`,
      ...(!order.awaitingConfirmation
        ? []
        : [
            "",
            "Pensez à confirmer votre commande par le lien de notre premier e-mail : sans cela, la réservation prend fin à cette heure-là.",
          ]),
      "",
      ...summary(order),
      "",
      "Suivre votre commande :",
      link,
      ...SIGNATURE,
    ].join("\n"),
  };
}
