/**
 * The e-mails of an order (docs/product.md §10.19): the customer's confirmation, with the link to
 * follow the order without an account; one for every later step (the payment link, the tracking
 * number); and the shop's notice of a new order (switchable, §10.20). HTML with a plain-text part
 * (§10.13), French, each piece with its picture. They are queued: a slow mail server never holds
 * the customer's answer, and the stored order is what counts.
 */

import { DELIVERY_LABELS, DELIVERY_ZONE_LABELS } from "~/features/delivery/delivery-types";
import { composeMail } from "~/features/mail/compose-mail.server";
import type { MailBlock } from "~/features/mail/mail-template";
import { frenchTime, longDate } from "~/lib/dates";
import type { MailMessage } from "~/server/mail.server";
import { mailPieces } from "./order-mail-pieces.server";
import {
  awaitsApproval,
  ORDER_STATUS_LABELS,
  type OrderView,
  orderDeliveryCostText,
  orderTotalText,
  totalNotes,
} from "./order-types";

/** What an order's e-mails need besides the order: the shop, its address, the pieces' pictures. */
export interface OrderMailShop {
  shopName: string;
  publicUrl: string;
  /** The first picture of each piece still in the catalogue (firstPictures). */
  pictures: ReadonlyMap<string, string>;
}

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
    ? "(en attente de validation par la boutique)"
    : `(${line.heldQuantity} réservée${line.heldQuantity > 1 ? "s" : ""}, le reste en attente de validation par la boutique)`;
}

function summary(order: OrderView, shop: OrderMailShop): MailBlock {
  return {
    kind: "pieces",
    title: `Commande ${order.number}`,
    pieces: mailPieces(order.lines, shop.pictures, shop.publicUrl, waiting),
    // Code de la consommation L112-1, L221-5: the whole price, delivery included, is known before
    // the customer pays (§10.19, ADR 028).
    rows: [
      ["Livraison", deliveryText(order)],
      ["Frais de livraison", orderDeliveryCostText(order)],
      ["Total", orderTotalText(order)],
    ],
    notes: totalNotes(order),
  };
}

export function deliveryText(order: Pick<OrderView, "delivery">): string {
  const { delivery } = order;
  switch (delivery.method) {
    case "envoi":
      return `${DELIVERY_LABELS.envoi} — ${delivery.addressLine}, ${delivery.postalCode} ${delivery.city} (${DELIVERY_ZONE_LABELS[delivery.zone]})`;
    case "evenement":
      return `${DELIVERY_LABELS.evenement} — ${delivery.eventTitle}${delivery.eventStart ? `, ${longDate(delivery.eventStart)}` : ""}`;
    default:
      return DELIVERY_LABELS.main_propre;
  }
}

const SIGNATURE = "Ia ora na, à bientôt sur Nacre.";

const APPROVAL_NOTE: MailBlock = {
  kind: "text",
  lines: [
    "Certaines pièces attendent la validation de la boutique avant de vous être réservées :",
    "nous vous écrivons dès qu'elle est faite.",
  ],
};

const follow = (link: string, intro = "Suivre votre commande :"): MailBlock => ({
  kind: "action",
  intro,
  label: "Suivre ma commande",
  url: link,
});

/**
 * The customer's first e-mail. From an address not yet confirmed (ADR 022), it asks to confirm by
 * the link and says until when the pieces are held without it, and for how long with it.
 */
export function orderConfirmationMail(
  order: OrderView,
  shop: OrderMailShop,
  link: string,
  holdDays: number,
  confirmLink: string | null = null,
): MailMessage {
  const days = `${holdDays} jour${holdDays > 1 ? "s" : ""}`;
  const intro: MailBlock[] = confirmLink
    ? [
        {
          kind: "action",
          intro:
            "Merci pour votre commande ! Une dernière étape : confirmez-la en ouvrant ce lien, puis en cliquant sur « Confirmer ma commande » :",
          label: "Confirmer ma commande",
          url: confirmLink,
        },
        {
          kind: "text",
          lines: [
            `Sans confirmation, vos pièces ne restent réservées que jusqu'au ${when(order.holdExpiresAt)}.`,
            `Une fois votre commande confirmée, elles vous sont réservées ${days} à compter de la commande.`,
            "Nous revenons ensuite vers vous avec un lien de paiement sécurisé.",
          ],
        },
      ]
    : [
        {
          kind: "text",
          lines: [
            "Merci pour votre commande ! Nous l'avons bien reçue et vos pièces vous sont réservées",
            `pendant ${days}, jusqu'au ${when(order.holdExpiresAt)}. Nous revenons vers vous très vite avec un lien`,
            "de paiement sécurisé.",
          ],
        },
      ];
  return composeMail({
    to: order.email,
    subject: confirmLink
      ? `${shop.shopName} — confirmez votre commande ${order.number}`
      : `${shop.shopName} — votre commande ${order.number} est enregistrée`,
    brand: shop,
    title: confirmLink ? "Confirmez votre commande" : "Merci pour votre commande",
    preview: `Commande ${order.number} : ${orderTotalText(order)}.`,
    greeting: `Bonjour ${order.customerName},`,
    blocks: [
      ...intro,
      ...(awaitsApproval(order) ? [APPROVAL_NOTE] : []),
      summary(order, shop),
      follow(link, "Suivez votre commande à tout moment (gardez ce lien pour vous) :"),
    ],
    signature: SIGNATURE,
  });
}

/** Every step after the first: what changed, and what to do now. */
export function orderStepMail(order: OrderView, shop: OrderMailShop, link: string): MailMessage {
  const label = ORDER_STATUS_LABELS[order.status];
  const body: MailBlock[] = [];
  let title = `Votre commande : ${label}`;
  switch (order.status) {
    case "lien_envoye":
      title = "Votre lien de paiement";
      body.push(
        order.paymentUrl
          ? {
              kind: "action",
              intro: "Votre commande est prête : voici votre lien de paiement sécurisé.",
              label: "Payer ma commande",
              url: order.paymentUrl,
            }
          : { kind: "text", lines: ["Votre commande est prête : voici votre lien de paiement sécurisé."] },
        { kind: "text", lines: ["Dès réception du paiement, nous préparons votre envoi."] },
        // CGV article 1: the terms are recalled with the payment link; paying accepts them.
        {
          kind: "text",
          lines: [`En payant, vous acceptez nos conditions générales de vente : ${shop.publicUrl}/cgv`],
        },
      );
      break;
    case "payee":
      title = "Merci pour votre paiement";
      body.push({
        kind: "text",
        lines: ["Nous avons bien reçu votre paiement, merci ! Votre commande est en préparation."],
      });
      break;
    case "expediee":
      title = "Votre commande est en route";
      body.push(
        { kind: "text", lines: ["Votre commande est en route."] },
        ...(order.trackingNumber
          ? [{ kind: "facts", rows: [["Numéro de suivi", order.trackingNumber]] } as const]
          : []),
      );
      break;
    case "livree":
      title = "Votre commande est livrée";
      body.push({
        kind: "text",
        lines: ["Votre commande est livrée. Nous espérons que vos bijoux vous plaisent !"],
      });
      break;
    case "annulee":
      title = "Votre commande est annulée";
      body.push({
        kind: "text",
        lines: [
          "Votre commande a été annulée. Si vous n'en êtes pas à l'origine ou si vous avez une question, répondez simplement à cet e-mail.",
        ],
      });
      break;
    default:
      body.push({ kind: "text", lines: [`Votre commande est maintenant : ${label}.`] });
  }
  return composeMail({
    to: order.email,
    subject: `${shop.shopName} — commande ${order.number} : ${label}`,
    brand: shop,
    title,
    preview: `Commande ${order.number} : ${label}.`,
    greeting: `Bonjour ${order.customerName},`,
    blocks: [...body, summary(order, shop), follow(link)],
    signature: SIGNATURE,
  });
}

export function newOrderShopMail(
  order: OrderView,
  shop: OrderMailShop & { email: string },
  adminUrl: string,
): MailMessage {
  const at = order.createdAt;
  return composeMail({
    to: shop.email,
    subject: `${shop.shopName} — nouvelle commande ${order.number} (${orderTotalText(order)})`,
    replyTo: order.email,
    brand: shop,
    title: `Nouvelle commande ${order.number}`,
    preview: `De ${order.customerName}, ${orderTotalText(order)}.`,
    blocks: [
      {
        kind: "text",
        lines: [
          `Nouvelle commande le ${longDate(at)} à ${frenchTime(at)}.`,
          `De : ${order.customerName} <${order.email}>${order.phone ? `, ${order.phone}` : ""}`,
        ],
      },
      ...(!order.awaitingConfirmation
        ? []
        : [
            {
              kind: "note",
              lines: [
                `Adresse e-mail pas encore confirmée : pièces réservées jusqu'au ${when(order.holdExpiresAt)} seulement.`,
              ],
            } as const,
          ]),
      ...(awaitsApproval(order)
        ? [
            {
              kind: "note",
              lines: [
                "Des pièces dépassent ce qu'un client peut réserver sans vous : acceptez la commande pour les réserver.",
              ],
            } as const,
          ]
        : []),
      summary(order, shop),
      ...(order.message
        ? [{ kind: "heading", text: "Message" } as const, { kind: "quote", text: order.message } as const]
        : []),
      { kind: "action", intro: "Ouvrir la commande :", label: "Ouvrir la commande", url: adminUrl },
    ],
  });
}

/** The seller accepted the units beyond the client's cap (ADR 022). */
export function orderApprovedMail(order: OrderView, shop: OrderMailShop, link: string): MailMessage {
  return composeMail({
    to: order.email,
    subject: `${shop.shopName} — commande ${order.number} : toutes vos pièces sont réservées`,
    brand: shop,
    title: "Toutes vos pièces sont réservées",
    preview: `La boutique a validé votre commande ${order.number}.`,
    greeting: `Bonjour ${order.customerName},`,
    blocks: [
      {
        kind: "text",
        lines: [
          `Bonne nouvelle : la boutique a validé votre commande. Toutes vos pièces vous sont réservées jusqu'au ${when(order.holdExpiresAt)}.`,
        ],
      },
      ...(!order.awaitingConfirmation
        ? []
        : [
            {
              kind: "text",
              lines: [
                "Pensez à confirmer votre commande par le lien de notre premier e-mail : sans cela, la réservation prend fin à cette heure-là.",
              ],
            } as const,
          ]),
      summary(order, shop),
      follow(link),
    ],
    signature: SIGNATURE,
  });
}

/** The customer cancelled the unpaid order from its page (ADR 028): what they get back. */
export function orderCancelledByCustomerMail(
  order: OrderView,
  shop: OrderMailShop,
  link: string,
): MailMessage {
  return composeMail({
    to: order.email,
    subject: `${shop.shopName} — commande ${order.number} annulée`,
    brand: shop,
    title: "Votre commande est annulée",
    preview: `Vous avez annulé la commande ${order.number}.`,
    greeting: `Bonjour ${order.customerName},`,
    blocks: [
      {
        kind: "text",
        lines: [
          `Vous avez annulé votre commande ${order.number} depuis sa page : nous l'avons bien noté.`,
          "Ses pièces ne vous sont plus réservées et rien ne vous sera demandé.",
          "Si vous n'êtes pas à l'origine de cette annulation, répondez simplement à cet e-mail.",
        ],
      },
      summary(order, shop),
      follow(link, "La commande reste consultable ici :"),
    ],
    signature: SIGNATURE,
  });
}

/** The shop hears of a customer's cancellation (its orders' e-mails, docs/product.md §10.20). */
export function customerCancelledShopMail(
  order: OrderView,
  shop: OrderMailShop & { email: string },
  adminUrl: string,
): MailMessage {
  return composeMail({
    to: shop.email,
    subject: `${shop.shopName} — commande ${order.number} annulée par le client`,
    replyTo: order.email,
    brand: shop,
    title: `Commande ${order.number} annulée par le client`,
    preview: `${order.customerName} a annulé sa commande ${order.number}.`,
    blocks: [
      {
        kind: "text",
        lines: [
          `${order.customerName} <${order.email}> a annulé sa commande ${order.number} avant de la payer.`,
          "Ses pièces sont de nouveau disponibles à la vente.",
        ],
      },
      summary(order, shop),
      { kind: "action", intro: "Ouvrir la commande :", label: "Ouvrir la commande", url: adminUrl },
    ],
  });
}
