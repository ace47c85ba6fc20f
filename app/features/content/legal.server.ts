/**
 * The legal pages (mentions légales, confidentialité, CGV): their Markdown texts
 * (app/features/content/legal/) filled with the shop's identity from shop_settings — publisher,
 * seller, host, consumer mediator, the inactivity limit the inactivity job applies (docs/product.md
 * §10.21), and how orders are taken and held (phone hours, hold days: docs/product.md §10.19),
 * delivered, confirmed and withdrawn from (docs/product.md §10.26) — and rendered to HTML here, so
 * neither the texts nor the renderer reach the browser. Every fact of the CGV that depends on a
 * setting or on the order flow comes from them here, never written twice (ADR 029).
 */
import { Marked } from "marked";
import cgv from "~/features/content/legal/cgv.md?raw";
import cookies from "~/features/content/legal/cookies.md?raw";
import email from "~/features/content/legal/e-mail.md?raw";
import legalNotice from "~/features/content/legal/mentions-legales.md?raw";
import privacyPolicy from "~/features/content/legal/politique-de-confidentialite.md?raw";
import { deliveryRates } from "~/features/delivery/delivery-rates.server";
import {
  DELIVERY_LABELS,
  DELIVERY_METHODS,
  DELIVERY_ZONE_LABELS,
  DELIVERY_ZONES,
} from "~/features/delivery/delivery-types";
import { INACTIVITY_MONTHS_DEFAULT, monthsInFrench } from "~/features/settings/legal-identity-schema";
import { HOLD_DAYS_DEFAULT, UNCONFIRMED_HOLD_MS } from "~/features/settings/settings-schema";
import { formatPrice } from "~/lib/format";
import type { DB } from "~/server/database.server";
import { type FilledLegalTemplate, fillLegalTemplate } from "./legal-template";
import { formAddressee, withdrawalFormMarkdown } from "./withdrawal-form-template";

/** The delivery rates the settings give, as the CGV's article 7 states them (ADR 029). */
export interface LegalDeliveryRates {
  /** Each zone with its rate; null: « sur devis », the seller gives it before the payment link. */
  zones: readonly { label: string; cents: number | null }[];
  /** From this order total, delivery is free; null: never. */
  freeFromCents: number | null;
}

export interface LegalDetails {
  shopName: string;
  ownerName: string;
  legalForm: string;
  siret: string;
  addressLine: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  hostName: string;
  hostAddress: string;
  mediatorName: string;
  mediatorAddress: string;
  mediatorUrl: string;
  /** After how many months without activity an account is deleted (the inactivity job's limit). */
  inactivityMonths: number;
  /** When orders are taken by phone ("Horaires des commandes par téléphone"). */
  orderHours: string;
  /** How many days a confirmed order's pieces stay held (the orders settings). */
  holdDays: number;
  /** The delivery rates of the settings, when the shop has them; null: given in the summary. */
  deliveryRates: LegalDeliveryRates | null;
}

/**
 * The one place the CGV reads the delivery rates from (article 7): the « Livraison » settings
 * (docs/product.md §10.27, ADR 028), each zone with its rate or « sur devis ».
 */
export async function legalDeliveryRates(db: DB): Promise<LegalDeliveryRates | null> {
  const rates = await deliveryRates(db);
  return {
    zones: DELIVERY_ZONES.map((zone) => ({ label: DELIVERY_ZONE_LABELS[zone], cents: rates.zones[zone] })),
    freeFromCents: rates.freeFromCents,
  };
}

export async function getLegalDetails(db: DB): Promise<LegalDetails> {
  const row = await db
    .selectFrom("shop_settings")
    .select([
      "shop_name",
      "owner_name",
      "legal_form",
      "siret",
      "address_line",
      "postal_code",
      "city",
      "phone",
      "email",
      "host_name",
      "host_address",
      "mediator_name",
      "mediator_address",
      "mediator_url",
      "inactivity_months",
      "opening_hours",
      "hold_days",
    ])
    .where("id", "=", "shop")
    .executeTakeFirst();
  // Without settings the pages still render; blank fields are left out of the text, not invented.
  return {
    shopName: row?.shop_name || "Nacre",
    ownerName: row?.owner_name ?? "",
    legalForm: row?.legal_form ?? "",
    siret: row?.siret ?? "",
    addressLine: row?.address_line ?? "",
    postalCode: row?.postal_code ?? "",
    city: row?.city ?? "",
    phone: row?.phone ?? "",
    email: row?.email ?? "",
    hostName: row?.host_name ?? "",
    hostAddress: row?.host_address ?? "",
    mediatorName: row?.mediator_name ?? "",
    mediatorAddress: row?.mediator_address ?? "",
    mediatorUrl: row?.mediator_url ?? "",
    inactivityMonths: row?.inactivity_months ?? INACTIVITY_MONTHS_DEFAULT,
    orderHours: row?.opening_hours ?? "",
    holdDays: row?.hold_days ?? HOLD_DAYS_DEFAULT,
    deliveryRates: await legalDeliveryRates(db),
  };
}

/** "France métropolitaine : 6,50 € ; Europe : sur devis ; offerte dès 80,00 €", or "" without rates. */
export function deliveryRatesText(rates: LegalDeliveryRates | null): string {
  if (!rates || rates.zones.length === 0) return "";
  const zones = rates.zones.map(
    (zone) => `${zone.label} : ${zone.cents === null ? "sur devis" : formatPrice(zone.cents)}`,
  );
  const free =
    rates.freeFromCents === null ? [] : [`offerte dès ${formatPrice(rates.freeFromCents)} d'achat`];
  return [...zones, ...free].join(" ; ");
}

/** The seller's name as the withdrawal form addresses it: the legal name, with the shop's name. */
export function sellerName(details: Pick<LegalDetails, "shopName" | "ownerName">): string {
  return details.ownerName ? `${details.ownerName} (${details.shopName})` : details.shopName;
}

/** "https://www.cm2c.net/" → "www.cm2c.net": how the page names a website it links to. */
export function siteName(url: string): string {
  return url.replace(/^https:\/\//, "").replace(/\/$/, "");
}

/** "14 rue des Goélands, 56170 Quiberon", leaving out whatever the settings do not give. */
export function postalAddress(details: Pick<LegalDetails, "addressLine" | "postalCode" | "city">): string {
  const town = [details.postalCode, details.city].filter(Boolean).join(" ");
  return [details.addressLine, town].filter(Boolean).join(", ");
}

/** The addressee of the Code's withdrawal form, as the settings give it. */
export function withdrawalAddressee(legal: LegalDetails): string {
  return formAddressee({ name: sellerName(legal), address: postalAddress(legal), email: legal.email });
}

export const LEGAL_TEXTS = {
  "mentions-legales": legalNotice,
  "politique-de-confidentialite": privacyPolicy,
  cgv,
} as const;
export type LegalTextName = keyof typeof LEGAL_TEXTS;

/** Passages shared by several texts, included with {{> name}}. */
const PARTIALS = { cookies, "e-mail": email, "formulaire-retractation": withdrawalFormMarkdown() };

export interface LegalDocument {
  title: string;
  lead: string;
  updatedOn: string;
  preambleHtml: string;
  /** Each section's HTML starts with its <h2 id>. */
  sections: { id: string; title: string; html: string }[];
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// Not GitHub's dialect: a bare e-mail address or URL in the text stays text, as written.
const markdown = new Marked({ gfm: false, async: false });
markdown.use({
  renderer: {
    // Links to the shop's own pages are marked as React Router's <Link> marks them, so the router
    // discovers their routes ahead of the click (LegalPage navigates them in the app).
    // Another site (the mediator's, from the settings) opens in a new tab and is told nothing of
    // the page, like the CNIL's link.
    link({ href, title, tokens }) {
      if (href.startsWith("https://") && !title) {
        return `<a href="${escapeHtml(href)}" rel="noreferrer" target="_blank">${this.parser.parseInline(tokens)}</a>`;
      }
      if (!href.startsWith("/") || href.startsWith("//") || title) return false;
      return `<a href="${escapeHtml(href)}" data-discover="true">${this.parser.parseInline(tokens)}</a>`;
    },
  },
});

/** A legal text filled with the settings, still Markdown (what a CGV version keeps, ADR 029). */
export function fillLegalText(name: LegalTextName, details: LegalDetails): FilledLegalTemplate {
  return fillLegalTemplate(
    LEGAL_TEXTS[name],
    {
      ...details,
      address: postalAddress(details),
      sellerName: sellerName(details),
      mediatorSite: siteName(details.mediatorUrl),
      inactivityMonths: String(details.inactivityMonths),
      holdDays: String(details.holdDays),
      // "3 ans", "18 mois": the policy states the limit the inactivity job applies.
      inactivityPeriod: monthsInFrench(details.inactivityMonths),
      // The holds the order code applies (docs/product.md §10.19), in the CGV's article 5.
      holdPeriod: details.holdDays === 1 ? "1 jour" : `${details.holdDays} jours`,
      unconfirmedHoldPeriod: `${UNCONFIRMED_HOLD_MS / 3_600_000} heures`,
      // The order form's choices (docs/product.md §10.19), in the CGV's article 7.
      deliveryModes: DELIVERY_METHODS.map((method) => `« ${DELIVERY_LABELS[method]} »`)
        .join(", ")
        .replace(/, ([^,]*)$/, " ou $1"),
      deliveryRates: deliveryRatesText(details.deliveryRates),
    },
    PARTIALS,
  );
}

/** Filled Markdown to the page's HTML. */
export function renderFilledText(
  filled: Omit<FilledLegalTemplate, "updatedOn">,
  updatedOn: string,
): LegalDocument {
  return {
    title: filled.title,
    lead: filled.lead,
    updatedOn,
    preambleHtml: filled.preamble ? (markdown.parse(filled.preamble) as string) : "",
    sections: filled.sections.map((section) => ({
      id: section.id,
      title: section.title,
      html: `<h2 id="${section.id}">${escapeHtml(section.title)}</h2>\n${markdown.parse(section.body) as string}`,
    })),
  };
}

export function renderLegalDocument(name: LegalTextName, details: LegalDetails): LegalDocument {
  const filled = fillLegalText(name, details);
  return renderFilledText(filled, filled.updatedOn);
}

const rendered = new Map<LegalTextName, { key: string; document: LegalDocument }>();

/** The page as the shop's current settings fill it; rendered again only when they change. */
export async function getLegalDocument(db: DB, name: LegalTextName): Promise<LegalDocument> {
  const details = await getLegalDetails(db);
  const key = JSON.stringify(details);
  const cached = rendered.get(name);
  if (cached?.key === key) return cached.document;
  const document = renderLegalDocument(name, details);
  rendered.set(name, { key, document });
  return document;
}
