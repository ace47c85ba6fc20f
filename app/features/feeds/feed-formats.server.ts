/**
 * The two shopping feeds' file formats (docs/product.md §10.28), from pieces already read and
 * checked (feeds.server.ts): Google Merchant Center's RSS 2.0 with the `g:` namespace, and Meta's
 * catalogue CSV. Each format's field names, values and limits are those of its own specification
 * (Google's product data specification; Meta's catalogue fields), recalled beside each constant.
 * No database here: the module tests feed it pieces with awkward texts directly.
 */

/** Google product taxonomy: « Apparel & Accessories > Jewelry ». */
export const JEWELRY_CATEGORY = "188";

/** One parcel rate of a piece to one country (ISO 3166-1 alpha-2), as the settings give it. */
export interface FeedShipping {
  country: string;
  service: string;
  priceCents: number;
}

/** A piece that can be listed: a price and at least one picture (docs/product.md §10.28). */
export interface FeedItem {
  /** The piece's reference, NAC-… (docs/product.md §2 "Fabricant et sécurité"): stable, 19 characters. */
  id: string;
  title: string;
  /** Plain text, paragraphs kept (blank lines). */
  description: string;
  /** Absolute: the piece's own address (for sale, or sold in the gallery). */
  link: string;
  /** Absolute, the largest size served of each picture, the first one first. */
  imageLinks: string[];
  inStock: boolean;
  priceCents: number;
  brand: string;
  /** The shop's own categories, for Google's `product_type`. */
  categories: string[];
  materials: string[];
  colors: string[];
  shipping: FeedShipping[];
}

export interface FeedChannel {
  title: string;
  /** The shop's absolute home address. */
  link: string;
  description: string;
}

/** Each format's limits, in characters or values. */
export const GOOGLE_LIMITS = {
  id: 50,
  title: 150,
  description: 5000,
  additionalImages: 10,
  productType: 750,
  material: 200,
  /** Up to three colours, `/`-separated, 100 characters in all. */
  colors: 3,
  color: 100,
  shipping: 100,
} as const;
export const META_LIMITS = {
  id: 100,
  title: 200,
  description: 9999,
  additionalImages: 20,
  brand: 100,
  material: 200,
  color: 200,
} as const;

/**
 * The text without what XML 1.0 forbids: control characters (tab, line feed and carriage return
 * are allowed), U+FFFE and U+FFFF, and the lone surrogates of a broken paste (a whole pair is
 * one code point here and stays).
 */
function xmlSafe(text: string): string {
  let safe = "";
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    const control = code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
    if (!control && code !== 0xfffe && code !== 0xffff && !(code >= 0xd800 && code <= 0xdfff)) safe += char;
  }
  return safe;
}

/**
 * A text as plain text: markup-like tags removed (both formats want no HTML), spaces collapsed
 * within lines, at most one blank line between paragraphs. A lone `<` or `&` stays: it is text,
 * escaped by each format.
 */
export function plainText(text: string): string {
  return xmlSafe(text)
    .replace(/<\/?[a-z][^<>]*>/gi, " ")
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t\u00a0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** At most `max` characters, cut at a word with an ellipsis (counted in characters, not bytes). */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.search(/\s\S*$/);
  const atWord = space > max * 0.6 ? cut.slice(0, space) : cut;
  return `${atWord.replace(/[\s,;:.–—-]+$/, "")}…`;
}

/** « 12.00 EUR »: both formats want a dot and the ISO 4217 code. */
export const feedPrice = (cents: number) => `${(cents / 100).toFixed(2)} EUR`;

/** Escaped for XML text, without the characters XML cannot carry at all. */
const escapeXml = (text: string) =>
  xmlSafe(text).replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] as string,
  );

const element = (name: string, value: string) => `<g:${name}>${escapeXml(value)}</g:${name}>`;

/** Google's `material`: the values joined by `/`, within its length. */
const googleMaterial = (materials: string[]) => clip(materials.join("/"), GOOGLE_LIMITS.material);
const googleColor = (colors: string[]) =>
  clip(colors.slice(0, GOOGLE_LIMITS.colors).join("/"), GOOGLE_LIMITS.color);

function googleItem(item: FeedItem): string {
  const [image, ...others] = item.imageLinks;
  const lines = [
    element("id", clip(item.id, GOOGLE_LIMITS.id)),
    element("title", clip(item.title, GOOGLE_LIMITS.title)),
    element("description", clip(item.description, GOOGLE_LIMITS.description)),
    element("link", item.link),
    element("image_link", image ?? ""),
    ...others.slice(0, GOOGLE_LIMITS.additionalImages).map((link) => element("additional_image_link", link)),
    element("availability", item.inStock ? "in_stock" : "out_of_stock"),
    element("price", feedPrice(item.priceCents)),
    element("condition", "new"),
    element("brand", item.brand),
    // Handmade pieces have no GTIN nor manufacturer part number.
    element("identifier_exists", "no"),
    element("google_product_category", JEWELRY_CATEGORY),
    ...(item.categories.length
      ? [element("product_type", clip(item.categories.join(", "), GOOGLE_LIMITS.productType))]
      : []),
    ...(item.materials.length ? [element("material", googleMaterial(item.materials))] : []),
    ...(item.colors.length ? [element("color", googleColor(item.colors))] : []),
    ...item.shipping
      .slice(0, GOOGLE_LIMITS.shipping)
      .map(
        (rate) =>
          `<g:shipping>${element("country", rate.country)}${element("service", rate.service)}${element("price", feedPrice(rate.priceCents))}</g:shipping>`,
      ),
  ];
  return `<item>\n${lines.map((line) => `  ${line}`).join("\n")}\n</item>`;
}

/** Google Merchant Center's product data as RSS 2.0 (one `<item>` per piece). */
export function googleFeedXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    ...items.map(googleItem),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** Meta's columns, in this order (the header row). */
export const META_COLUMNS = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "link",
  "image_link",
  "brand",
  "additional_image_link",
  "google_product_category",
  "product_type",
  "material",
  "color",
  "shipping",
] as const;

/**
 * One CSV field (RFC 4180, as Meta reads it): quoted when it holds a comma, a quote, a line break
 * or edge spaces, its quotes doubled.
 */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function metaRow(item: FeedItem): string {
  const [image, ...others] = item.imageLinks;
  const values: Record<(typeof META_COLUMNS)[number], string> = {
    id: clip(item.id, META_LIMITS.id),
    title: clip(item.title, META_LIMITS.title),
    description: clip(item.description, META_LIMITS.description),
    // Meta's values are spelled with a space, unlike Google's.
    availability: item.inStock ? "in stock" : "out of stock",
    condition: "new",
    price: feedPrice(item.priceCents),
    link: item.link,
    image_link: image ?? "",
    brand: clip(item.brand, META_LIMITS.brand),
    additional_image_link: others.slice(0, META_LIMITS.additionalImages).join(","),
    google_product_category: JEWELRY_CATEGORY,
    product_type: item.categories.join(", "),
    material: clip(item.materials.join("/"), META_LIMITS.material),
    color: clip(item.colors.join("/"), META_LIMITS.color),
    // COUNTRY:REGION:SERVICE:PRICE, the region left empty (one rate for the whole country).
    shipping: item.shipping
      .map((rate) => `${rate.country}::${rate.service.replace(/[:,]/g, " ")}:${feedPrice(rate.priceCents)}`)
      .join(","),
  };
  return META_COLUMNS.map((column) => csvField(values[column])).join(",");
}

/** Meta's catalogue as CSV: the header row, then one row per piece, CRLF line ends. */
export function metaFeedCsv(items: readonly FeedItem[]): string {
  return [META_COLUMNS.join(","), ...items.map(metaRow), ""].join("\r\n");
}
