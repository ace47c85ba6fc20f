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
import { DELIVERY_LABELS, ORDER_STATUS_LABELS } from "./order-types";
import type { OrderView } from "./orders.server";

/** The page where anyone holding the link follows the order. */
export function trackingUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/commande/${token}`;
}

function summary(order: OrderView): string[] {
  const lines = order.lines.map(
    (line) =>
      `- ${line.name} × ${line.quantity} — ${formatPrice(line.unitPriceCents)} l'unité, soit ${formatPrice(line.unitPriceCents * line.quantity)}`,
  );
  return [
    `Commande ${order.number}`,
    ...lines,
    `Total : ${formatPrice(order.totalCents)} (hors frais de livraison)`,
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

export function orderConfirmationMail(
  order: OrderView,
  shopName: string,
  link: string,
  holdDays: number,
): MailMessage {
  return {
    to: order.email,
    subject: `${shopName} — votre commande ${order.number} est enregistrée`,
    text: [
      `Bonjour ${order.customerName},`,
      "",
      "Merci pour votre commande ! Nous l'avons bien reçue et vos pièces vous sont réservées",
      `pendant ${holdDays} jour${holdDays > 1 ? "s" : ""}. Nous revenons vers vous très vite avec les frais de livraison`,
      "et un lien de paiement sécurisé.",
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
export function orderStepMail(order: OrderView, shopName: string, link: string): MailMessage {
  const label = ORDER_STATUS_LABELS[order.status];
  const body: string[] = [];
  switch (order.status) {
    case "lien_envoye":
      body.push(
        "Votre commande est prête : voici votre lien de paiement sécurisé.",
        order.paymentUrl ?? "",
        "",
        "Dès réception du paiement, nous préparons votre envoi.",
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
    subject: `${shop.shopName} — nouvelle commande ${order.number} (${formatPrice(order.totalCents)})`,
    replyTo: order.email,
    text: [
      `Nouvelle commande le ${longDate(at)} à ${frenchTime(at)}.`,
      `De : ${order.customerName} <${order.email}>${order.phone ? `, ${order.phone}` : ""}`,
      "",
      ...summary(order),
      ...(order.message ? ["", "Message :", order.message] : []),
      "",
      "Ouvrir la commande :",
      adminUrl,
    ].join("\n"),
  };
}
