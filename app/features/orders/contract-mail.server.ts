/**
 * The confirmation of the contract on a durable medium (docs/product.md §10.26, ADR 029; Code de la
 * consommation L221-13): when an order is marked paid — the moment the contract is concluded (CGV
 * article 5) — the customer gets an e-mail with the contract's essentials (L221-5: the seller's
 * identity and contacts, each piece with its main characteristics and price, delivery, payment, the
 * withdrawal right with its conditions and where its online function is, the legal guarantees),
 * the CGV in force that day as a PDF and the Code's model withdrawal form (annexe à l'article
 * R221-1) as a PDF. It is recorded in the outbox in the payment's own transaction (ADR 025), its
 * attachments inside the row.
 */
import {
  getLegalDetails,
  type LegalDetails,
  postalAddress,
  withdrawalAddressee,
} from "~/features/content/legal.server";
import { type CgvVersion, cgvVersionHref, currentCgvVersion } from "~/features/contract/cgv-versions.server";
import {
  cgvPdf,
  cgvPdfName,
  WITHDRAWAL_FORM_PDF_NAME,
  withdrawalFormPdf,
} from "~/features/contract/contract-pdf.server";
import { composeMail } from "~/features/mail/compose-mail.server";
import { greetingFor, type MailBlock } from "~/features/mail/mail-template";
import { dayMonthYear, frenchTime, longDate } from "~/lib/dates";
import { formatPrice } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import type { DB } from "~/server/database.server";
import { type MailMessage, mailAttachment } from "~/server/mail.server";
import { firstPictures } from "./order-mail-pieces.server";
import { deliveryText } from "./order-mails.server";
import { type OrderView, orderDeliveryCostText, orderPieces, orderTotalText } from "./order-types";

/** The withdrawal period (Code de la consommation L221-18). */
export const WITHDRAWAL_DAYS = 14;
/** Without an agreed date, delivery at the latest 30 days after the contract (L216-1). */
const LATEST_DELIVERY_DAYS = 30;

/** Each piece's main characteristics from the catalogue: "Matière : acier inoxydable", … */
export async function pieceCharacteristics(
  db: DB,
  productIds: readonly string[],
): Promise<Map<string, string[]>> {
  const ids = [...new Set(productIds)];
  const found = new Map<string, string[]>();
  if (ids.length === 0) return found;
  const lists = [
    ["Catégorie", "product_categories", "categories", "category_id"],
    ["Matière", "product_materials", "materials", "material_id"],
    ["Perle", "product_pearl_types", "pearl_types", "pearl_type_id"],
    ["Couleur", "product_colors", "colors", "color_id"],
  ] as const;
  const named = new Map<string, Map<string, string[]>>();
  for (const [label, join, table, key] of lists) {
    // The four lists share one shape (a join table to a table of names): one query, typed as the materials'.
    const rows = await db
      .selectFrom(`${join} as j` as "product_materials as j")
      .innerJoin(`${table} as t` as "materials as t", "t.id", `j.${key}` as "j.material_id")
      .select(["j.product_id as productId", "t.name as name"])
      .where("j.product_id", "in", ids)
      .orderBy("t.name")
      .execute();
    for (const row of rows) {
      const byLabel = named.get(row.productId) ?? new Map<string, string[]>();
      byLabel.set(label, [...(byLabel.get(label) ?? []), row.name]);
      named.set(row.productId, byLabel);
    }
  }
  const unique = await db.selectFrom("products").select(["id", "is_unique"]).where("id", "in", ids).execute();
  for (const id of ids) {
    const byLabel = named.get(id);
    const facts = lists.flatMap(([label]) => {
      const names = byLabel?.get(label);
      return names?.length ? [`${label} : ${names.join(", ")}`] : [];
    });
    if (unique.find((row) => row.id === id)?.is_unique === 1) facts.unshift("pièce unique faite main");
    found.set(id, facts);
  }
  return found;
}

/** The delivery's cost as the order records it (ADR 028): the one place it is written into the mail. */
export function deliveryCostText(order: Pick<OrderView, "delivery" | "deliveryCents" | "lines">): string {
  if (order.delivery.method !== "envoi") return "aucun, la commande vous est remise sans envoi";
  return orderDeliveryCostText(order);
}

/** When the customer can expect the pieces (CGV article 7, L216-1): its label and its text. */
export function deliveryDate(order: Pick<OrderView, "delivery">, paidAt: string): [string, string] {
  const latest = new Date(Date.parse(paidAt) + LATEST_DELIVERY_DAYS * 86_400_000).toISOString();
  switch (order.delivery.method) {
    case "envoi":
      return [
        "Date de livraison prévue",
        `expédition sous 48 heures ouvrées après le paiement, livraison au plus tard le ${dayMonthYear(latest)} (article L216-1 du Code de la consommation)`,
      ];
    case "evenement":
      return [
        "Date de remise prévue",
        `${order.delivery.eventStart ? `le ${longDate(order.delivery.eventStart)}, ` : ""}lors de l'événement « ${order.delivery.eventTitle} »`,
      ];
    default:
      return [
        "Date de remise prévue",
        `à convenir ensemble, au plus tard le ${dayMonthYear(latest)} (article L216-1 du Code de la consommation)`,
      ];
  }
}

export interface ConfirmationInput {
  order: OrderView;
  legal: LegalDetails;
  cgv: CgvVersion;
  characteristics: Map<string, string[]>;
  /** The first picture of each piece still in the catalogue (firstPictures). */
  pictures?: ReadonlyMap<string, string>;
  publicUrl: string;
  /** The order's private page: its withdrawal function, its documents. */
  orderLink: string;
  paidAt: string;
}

/** The e-mail, its HTML and text parts from one description (its attachments are added by concludeContract). */
export function contractConfirmationMail(input: ConfirmationInput): MailMessage {
  const { order, legal, cgv, publicUrl, orderLink, paidAt } = input;
  const address = postalAddress(legal);
  const seller: [string, string][] = [
    [
      "Vendeur",
      `${legal.shopName}${legal.ownerName ? `, exploité par ${legal.ownerName}` : ""}${legal.legalForm ? ` (${legal.legalForm})` : ""}`,
    ],
    ...(legal.siret ? [["SIRET", legal.siret] as [string, string]] : []),
    ...(address ? [["Adresse", address] as [string, string]] : []),
    ...(legal.email ? [["E-mail", legal.email] as [string, string]] : []),
    ...(legal.phone ? [["Téléphone", legal.phone] as [string, string]] : []),
  ];
  const pieces = order.lines.map((line) => {
    const facts = line.productId ? (input.characteristics.get(line.productId) ?? []) : [];
    const picture = line.productId ? input.pictures?.get(line.productId) : undefined;
    const price =
      line.unitPriceCents === null
        ? formatPrice(null)
        : line.quantity > 1
          ? `${formatPrice(line.unitPriceCents)} l'unité, soit ${formatPrice(line.unitPriceCents * line.quantity)} TTC`
          : `${formatPrice(line.unitPriceCents)} TTC`;
    return {
      name: line.name,
      quantity: line.quantity,
      price,
      ...(facts.length ? { note: `(${facts.join(" ; ")})` } : {}),
      ...(picture ? { imageUrl: `${publicUrl}${imageUrl("products", picture, "thumb")}` } : {}),
      ...(line.slug ? { url: `${publicUrl}/catalogue/produit/${line.slug}` } : {}),
    };
  });
  const blocks: MailBlock[] = [
    {
      kind: "text",
      lines: [
        `Nous avons bien reçu votre paiement, merci ! Votre commande ${order.number} est confirmée : voici les informations essentielles de notre contrat, à conserver (article L221-13 du Code de la consommation).`,
      ],
    },
    { kind: "heading", text: "Le vendeur" },
    { kind: "facts", rows: seller },
    {
      kind: "pieces",
      title: "Vos pièces",
      pieces,
      rows: [
        ["Total des pièces", `${formatPrice(orderPieces(order).knownCents)} TTC`],
        ["Total payé, livraison comprise", `${orderTotalText(order)} TTC`],
      ],
    },
    { kind: "heading", text: "Livraison" },
    {
      kind: "facts",
      rows: [
        ["Mode", deliveryText(order)],
        ["Frais de livraison", deliveryCostText(order)],
        deliveryDate(order, paidAt),
      ],
    },
    { kind: "heading", text: "Paiement" },
    {
      kind: "text",
      lines: [
        `Paiement reçu le ${longDate(paidAt)} à ${frenchTime(paidAt)}, par le lien de paiement sécurisé ou directement auprès de nous.`,
      ],
    },
    { kind: "heading", text: "Votre droit de rétractation" },
    {
      kind: "text",
      lines: [
        `Vous disposez de ${WITHDRAWAL_DAYS} jours à compter du jour où vous (ou un tiers que vous désignez, autre que le transporteur) recevez vos pièces pour vous rétracter, sans avoir à vous justifier (article L221-18 du Code de la consommation).`,
        "Conditions : renvoyez les pièces complètes, dans leur emballage d'origine avec leur certificat, au plus tard 14 jours après nous avoir informés ; les frais de renvoi sont à votre charge. Nous vous remboursons toutes les sommes versées, frais de livraison initiaux compris (dans la limite du mode standard le moins coûteux), au plus tard 14 jours après votre décision, le remboursement pouvant attendre la réception des pièces ou la preuve de leur envoi (CGV, article 8). Les créations faites sur mesure ou nettement personnalisées en sont exclues (article L221-28).",
      ],
    },
    {
      kind: "action",
      intro:
        "Pour vous rétracter en ligne : le bouton « Renoncer au contrat ici » sur la page de votre commande,",
      label: "Ouvrir la page de ma commande",
      url: orderLink,
    },
    {
      kind: "text",
      lines: [
        `ou la page Rétractation du site : ${publicUrl}/retractation`,
        `Vous pouvez aussi nous écrire${legal.email ? ` à ${legal.email}` : ""}${address ? ` ou par courrier à ${address}` : ""}, par exemple avec le modèle de formulaire de rétractation joint (${WITHDRAWAL_FORM_PDF_NAME}).`,
      ],
    },
    { kind: "heading", text: "Vos garanties légales" },
    {
      kind: "text",
      lines: [
        "Garantie légale de conformité : deux ans à compter de la délivrance des pièces (articles L217-3 et suivants du Code de la consommation).",
        "Garantie des vices cachés : deux ans à compter de la découverte du vice (articles 1641 et suivants du Code civil).",
      ],
    },
    ...(legal.mediatorName
      ? ([
          { kind: "heading", text: "Médiation" },
          {
            kind: "text",
            lines: [
              `En cas de litige non résolu avec nous, vous pouvez recourir gratuitement au médiateur de la consommation : ${legal.mediatorName}${legal.mediatorAddress ? `, ${legal.mediatorAddress}` : ""}${legal.mediatorUrl ? `, ${legal.mediatorUrl}` : ""} (article L612-1 du Code de la consommation).`,
            ],
          },
        ] satisfies MailBlock[])
      : []),
    { kind: "heading", text: "Conditions générales de vente" },
    {
      kind: "text",
      lines: [
        `Votre commande est conclue selon nos conditions générales de vente, version ${cgv.number}, en vigueur depuis le ${dayMonthYear(cgv.effectiveAt)} : elles sont jointes (${cgvPdfName(cgv.number)}) et restent consultables sur ${publicUrl}${cgvVersionHref(cgv.number)}`,
      ],
    },
    {
      kind: "action",
      intro: "Suivre votre commande et retrouver ces documents :",
      label: "Suivre ma commande",
      url: orderLink,
    },
  ];
  return composeMail({
    to: order.email,
    subject: `Confirmation de votre commande ${order.number}`,
    brand: { shopName: legal.shopName, publicUrl },
    title: "Votre commande est confirmée",
    preview:
      "Les informations de votre contrat, avec nos CGV et le formulaire de rétractation en pièces jointes.",
    greeting: greetingFor(order.customerName),
    blocks,
    signature: `Ia ora na, à bientôt sur ${legal.shopName}.`,
  });
}

/** The PDFs of a version are the same bytes for every order paid under it: drawn once a process. */
const cgvPdfs = new Map<string, Promise<Buffer>>();

function cachedCgvPdf(cgv: CgvVersion, publicUrl: string): Promise<Buffer> {
  const key = `${publicUrl}\n${cgv.number}\n${cgv.contentHash}`;
  let pdf = cgvPdfs.get(key);
  if (!pdf) {
    pdf = cgvPdf(cgv, publicUrl);
    if (cgvPdfs.size > 20) cgvPdfs.clear();
    cgvPdfs.set(key, pdf);
    pdf.catch(() => cgvPdfs.delete(key));
  }
  return pdf;
}

/**
 * Inside the payment's transaction: the CGV version in force (published now if the text changed),
 * recorded on the order, and the confirmation with its two PDFs. Returns the mail to record.
 */
export async function concludeContract(
  trx: DB,
  order: OrderView,
  options: { publicUrl: string; orderLink: string; paidAt: string; now: Date },
): Promise<{ mail: MailMessage; cgv: CgvVersion }> {
  const cgv = await currentCgvVersion(trx, options.now);
  await trx.updateTable("orders").set({ cgv_version: cgv.number }).where("id", "=", order.id).execute();
  const legal = await getLegalDetails(trx);
  const pieceIds = order.lines.flatMap((line) => (line.productId ? [line.productId] : []));
  const characteristics = await pieceCharacteristics(trx, pieceIds);
  const pictures = await firstPictures(trx, pieceIds);
  const message = contractConfirmationMail({
    order: { ...order, cgvVersion: cgv.number },
    legal,
    cgv,
    characteristics,
    pictures,
    publicUrl: options.publicUrl,
    orderLink: options.orderLink,
    paidAt: options.paidAt,
  });
  const [cgvFile, formFile] = await Promise.all([
    cachedCgvPdf(cgv, options.publicUrl),
    withdrawalFormPdf(withdrawalAddressee(legal), options.now),
  ]);
  return {
    cgv,
    mail: {
      ...message,
      attachments: [
        mailAttachment(cgvPdfName(cgv.number), "application/pdf", cgvFile),
        mailAttachment(WITHDRAWAL_FORM_PDF_NAME, "application/pdf", formFile),
      ],
    },
  };
}
