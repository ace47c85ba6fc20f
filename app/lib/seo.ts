/**
 * Search and sharing metadata (docs/product.md §10.7): French title and description, an absolute
 * canonical URL, OpenGraph and Twitter cards, and schema.org JSON-LD, all emitted from route
 * `meta` functions so they are in the server-rendered HTML and rendered identically on hydration.
 * The site's origin (PUBLIC_URL) and the shop's details come from the root loader.
 */
import type { MetaDescriptor } from "react-router";
import { imageUrl } from "./images";

export const SITE_NAME = "Nacre";
/** 1200×630 brand picture (public/og-image.png) for pages without a picture of their own. */
export const DEFAULT_SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 };
export const DESCRIPTION_MAX = 160;

/** What the root loader hands to every page's `meta` (root.tsx: `origin`, `shop`). */
export interface SiteInfo {
  origin: string;
  shop: ShopForSeo | null;
}

export interface ShopForSeo {
  shopName: string;
  tagline: string;
  addressLine: string;
  postalCode: string;
  city: string;
  phone: string;
  phoneHref: string;
  email: string;
  socials: Record<string, string>;
  map: { latitude: number | null; longitude: number | null };
}

/**
 * Reads the origin and the shop from the root route's match. Falls back to a relative origin ("")
 * only when the root loader failed, so meta still renders on the error page.
 */
export function siteOf(matches: readonly unknown[]): SiteInfo {
  const root = matches.find(
    (match): match is { id: string; loaderData?: unknown; data?: unknown } =>
      typeof match === "object" && match !== null && (match as { id?: unknown }).id === "root",
  );
  const data = (root?.loaderData ?? root?.data) as { origin?: unknown; shop?: ShopForSeo } | undefined;
  return {
    origin: typeof data?.origin === "string" ? data.origin : "",
    shop: data?.shop ?? null,
  };
}

export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${origin}${path.startsWith("/") ? path : `/${path}`}`;
}

/** One line, at most `max` characters, cut at a word with an ellipsis (search snippets stay tidy). */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const flat = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(" ") > max * 0.6 ? cut.lastIndexOf(" ") : cut.length);
  return `${atWord.replace(/[\s,;:.–—-]+$/, "")}…`;
}

export interface ShareImage {
  /** Absolute, or a path on this site. */
  url: string;
  width?: number;
  height?: number;
  alt?: string;
}

export interface PageSeo {
  /** Path of the canonical URL: the page itself, without filter or sort parameters. */
  path: string;
  title: string;
  description: string;
  image?: ShareImage;
  /** og:type: "website" by default. */
  type?: "website" | "product" | "article";
  /** Private or transient pages: kept out of search engines, no canonical or sharing card. */
  noindex?: boolean;
  jsonLd?: readonly object[];
  /** Extra OpenGraph properties, e.g. product:price:amount. */
  openGraph?: Record<string, string>;
}

export function pageMeta(site: SiteInfo, page: PageSeo): MetaDescriptor[] {
  const description = summarize(page.description);
  if (page.noindex) {
    return [
      { title: page.title },
      ...(description ? [{ name: "description", content: description }] : []),
      { name: "robots", content: "noindex" },
    ];
  }
  const url = absoluteUrl(site.origin, page.path);
  const image = page.image ?? {
    url: DEFAULT_SHARE_IMAGE.path,
    width: DEFAULT_SHARE_IMAGE.width,
    height: DEFAULT_SHARE_IMAGE.height,
    alt: `${SITE_NAME} — bijoux en acier et perles de Tahiti`,
  };
  const imageAbsolute = absoluteUrl(site.origin, image.url);
  const descriptors: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.shop?.shopName || SITE_NAME },
    { property: "og:locale", content: "fr_FR" },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageAbsolute },
    ...(image.width ? [{ property: "og:image:width", content: String(image.width) }] : []),
    ...(image.height ? [{ property: "og:image:height", content: String(image.height) }] : []),
    ...(image.alt ? [{ property: "og:image:alt", content: image.alt }] : []),
    ...Object.entries(page.openGraph ?? {}).map(([property, content]) => ({ property, content })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageAbsolute },
    ...(image.alt ? [{ name: "twitter:image:alt", content: image.alt }] : []),
  ];
  for (const data of page.jsonLd ?? []) descriptors.push({ "script:ld+json": data });
  return descriptors;
}

/** Pages that must never be indexed (account, password reset, administration). */
export function privateMeta(title: string, description = ""): MetaDescriptor[] {
  return pageMeta({ origin: "", shop: null }, { path: "", title, description, noindex: true });
}

// ---------------------------------------------------------------------------------------------
// Products

export interface ProductForSeo {
  slug: string;
  /** The piece's stable reference (docs/product.md §2 "Fabricant et sécurité"): the JSON-LD sku. */
  reference: string;
  name: string;
  description: string;
  priceCents: number | null;
  stock: number;
  isUnique: boolean;
  isSold: boolean;
  images: readonly { fileName: string; width: number; height: number }[];
  categories: readonly { name: string }[];
  colors: readonly { name: string }[];
  materials: readonly { name: string }[];
  pearlTypes: readonly { name: string }[];
}

export const productPath = (product: Pick<ProductForSeo, "slug" | "isSold">) =>
  `${product.isSold ? "/galerie/vendu/" : "/catalogue/produit/"}${encodeURIComponent(product.slug)}`;

/** The sharing picture: the largest size the image route serves, capped at the original's width. */
function productImage(image: ProductForSeo["images"][number], alt: string): ShareImage {
  const width = Math.min(1200, image.width);
  return {
    url: imageUrl("products", image.fileName, 1200, image.width),
    width,
    height: Math.round((image.height * width) / image.width),
    alt,
  };
}

/** schema.org availability from the sale status (sold: gone for good) and the stock. */
export function productAvailability(product: Pick<ProductForSeo, "isSold" | "isUnique" | "stock">): string {
  if (product.isSold) return "https://schema.org/SoldOut";
  if (product.isUnique || product.stock > 0) return "https://schema.org/InStock";
  return "https://schema.org/OutOfStock";
}

/** "49.90": schema.org and OpenGraph want a dot and no currency sign. */
export const priceAmount = (cents: number) => (cents / 100).toFixed(2);

export function productJsonLd(site: SiteInfo, product: ProductForSeo): object {
  const url = absoluteUrl(site.origin, productPath(product));
  const names = (list: readonly { name: string }[]) => list.map((item) => item.name).join(", ");
  const seller = { "@type": "Organization", name: site.shop?.shopName || SITE_NAME, url: site.origin };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: summarize(product.description, 5000),
    url,
    // docs/product.md §10.7: the reference the page shows (Regulation (EU) 2023/988, art. 19), the
    // shop as the brand and maker, and the piece's materials.
    sku: product.reference,
    image: product.images.map((image) =>
      absoluteUrl(site.origin, imageUrl("products", image.fileName, 1200, image.width)),
    ),
    brand: { "@type": "Brand", name: site.shop?.shopName || SITE_NAME },
    ...(product.categories.length ? { category: names(product.categories) } : {}),
    ...(product.materials.length ? { material: names(product.materials) } : {}),
    ...(product.colors.length ? { color: names(product.colors) } : {}),
    // 'Prix sur demande': an Offer without a price is invalid for search engines, so a piece
    // without a price carries no Offer at all (it still shows as a product).
    ...(product.priceCents === null
      ? {}
      : {
          offers: {
            "@type": "Offer",
            url,
            price: priceAmount(product.priceCents),
            priceCurrency: "EUR",
            availability: productAvailability(product),
            itemCondition: "https://schema.org/NewCondition",
            seller,
          },
        }),
  };
}

export function productMeta(site: SiteInfo, product: ProductForSeo): MetaDescriptor[] {
  const first = product.images[0];
  const pearl = product.pearlTypes.map((p) => p.name).join(", ");
  const fallback = `${product.name}, bijou fait main en acier${pearl ? ` et perle ${pearl}` : ""}.`;
  const openGraph: Record<string, string> = {};
  if (product.priceCents !== null) {
    openGraph["product:price:amount"] = priceAmount(product.priceCents);
    openGraph["product:price:currency"] = "EUR";
  }
  openGraph["product:availability"] = product.isSold
    ? "out of stock"
    : productAvailability(product).endsWith("InStock")
      ? "in stock"
      : "out of stock";
  return pageMeta(site, {
    path: productPath(product),
    title: product.isSold ? `${product.name} (vendu) — ${SITE_NAME}` : `${product.name} — ${SITE_NAME}`,
    description: product.description.trim() || fallback,
    type: "product",
    image: first ? productImage(first, product.name) : undefined,
    openGraph,
    jsonLd: [productJsonLd(site, product)],
  });
}

// ---------------------------------------------------------------------------------------------
// Events

export interface EventForSeo {
  title: string;
  description: string;
  startDate: string;
  endDate: string | null;
  location: string;
  image: string | null;
}

export function eventJsonLd(site: SiteInfo, event: EventForSeo): object {
  const organizer = { "@type": "Organization", name: site.shop?.shopName || SITE_NAME, url: site.origin };
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    startDate: event.startDate,
    ...(event.endDate ? { endDate: event.endDate } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: { "@type": "Place", name: event.location || "À préciser", address: event.location || "France" },
    description: summarize(event.description, 5000),
    image: [
      absoluteUrl(
        site.origin,
        event.image ? imageUrl("events", event.image, 1200) : DEFAULT_SHARE_IMAGE.path,
      ),
    ],
    organizer,
    url: absoluteUrl(site.origin, "/agenda"),
  };
}

// ---------------------------------------------------------------------------------------------
// The shop itself

export function organizationJsonLd(site: SiteInfo): object | null {
  const shop = site.shop;
  if (!shop) return null;
  const sameAs = Object.values(shop.socials).filter((url) => /^https?:\/\//.test(url));
  const telephone = shop.phoneHref.replace(/^tel:/, "") || shop.phone;
  const hasAddress = Boolean(shop.addressLine || shop.city);
  const { latitude, longitude } = shop.map;
  return {
    "@context": "https://schema.org",
    "@type": "JewelryStore",
    name: shop.shopName || SITE_NAME,
    ...(shop.tagline ? { description: shop.tagline } : {}),
    url: absoluteUrl(site.origin, "/"),
    logo: absoluteUrl(site.origin, "/icon-512.png"),
    image: absoluteUrl(site.origin, DEFAULT_SHARE_IMAGE.path),
    ...(telephone ? { telephone } : {}),
    ...(shop.email ? { email: shop.email } : {}),
    ...(hasAddress
      ? {
          address: {
            "@type": "PostalAddress",
            streetAddress: shop.addressLine,
            postalCode: shop.postalCode,
            addressLocality: shop.city,
            addressCountry: "FR",
          },
        }
      : {}),
    ...(latitude !== null && longitude !== null
      ? { geo: { "@type": "GeoCoordinates", latitude, longitude } }
      : {}),
    ...(sameAs.length ? { sameAs } : {}),
    currenciesAccepted: "EUR",
  };
}

/**
 * The site and its search (docs/product.md §10.23): search engines may offer a search box that
 * lands on /recherche?q=.
 */
export function websiteJsonLd(site: SiteInfo): object {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.shop?.shopName || SITE_NAME,
    url: absoluteUrl(site.origin, "/"),
    inLanguage: "fr-FR",
    potentialAction: {
      "@type": "SearchAction",
      target: {
        "@type": "EntryPoint",
        urlTemplate: `${absoluteUrl(site.origin, "/recherche")}?q={search_term_string}`,
      },
      "query-input": "required name=search_term_string",
    },
  };
}
