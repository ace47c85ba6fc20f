import { describe, expect, it } from "vitest";
import {
  absoluteUrl,
  eventJsonLd,
  organizationJsonLd,
  type ProductForSeo,
  pageMeta,
  privateMeta,
  productAvailability,
  productJsonLd,
  productMeta,
  type SiteInfo,
  siteOf,
  summarize,
} from "./seo";

const shop = {
  shopName: "Nacre",
  tagline: "Bijoux de l'océan",
  addressLine: "14 rue des Goélands",
  postalCode: "56170",
  city: "Quiberon",
  phone: "06 42 18 73 95",
  phoneHref: "tel:+33642187395",
  email: "bonjour@nacre.test",
  socials: { instagram: "https://www.instagram.com/nacre.bijoux", facebook: "", tiktok: "https://t.test/x" },
  map: { latitude: 47.48, longitude: -3.12 },
};
const site: SiteInfo = { origin: "https://nacre.example", shop };

const product: ProductForSeo = {
  slug: "collier-lagon",
  reference: "NAC-ABC123XYZ",
  name: "Collier Lagon",
  description: "Un collier en acier avec une perle de Tahiti.",
  priceCents: 8900,
  stock: 1,
  isUnique: true,
  isSold: false,
  images: [
    { fileName: "p1.webp", width: 1600, height: 1200 },
    { fileName: "p2.webp", width: 800, height: 800 },
  ],
  categories: [{ name: "Colliers" }],
  colors: [{ name: "Noir" }],
  materials: [{ name: "Acier inoxydable" }],
  pearlTypes: [{ name: "Tahiti" }],
};

const find = (meta: ReturnType<typeof pageMeta>, key: string, value: string) =>
  meta.find((m) => (m as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;

describe("siteOf", () => {
  it("reads the origin and the shop from the root match", () => {
    const matches = [{ id: "root", loaderData: { origin: "https://a.test", shop } }, { id: "x" }];
    expect(siteOf(matches)).toEqual({ origin: "https://a.test", shop });
  });
  it("falls back to a relative origin when the root data is missing", () => {
    expect(siteOf([undefined, { id: "root" }])).toEqual({ origin: "", shop: null });
  });
});

describe("summarize", () => {
  it("keeps short text, flattens whitespace and markup", () => {
    expect(summarize("  Un <b>bijou</b>\n fait   main ")).toBe("Un bijou fait main");
  });
  it("cuts long text at a word with an ellipsis, within the limit", () => {
    const text = "perle ".repeat(60);
    const short = summarize(text, 160);
    expect(short.length).toBeLessThanOrEqual(160);
    expect(short.endsWith("perle…")).toBe(true);
  });
});

describe("pageMeta", () => {
  const meta = pageMeta(site, { path: "/catalogue", title: "Catalogue — Nacre", description: "Des bijoux." });

  it("gives title, description, an absolute canonical and the OpenGraph/Twitter cards", () => {
    expect(meta[0]).toEqual({ title: "Catalogue — Nacre" });
    expect(find(meta, "name", "description")?.content).toBe("Des bijoux.");
    expect(find(meta, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://nacre.example/catalogue",
    });
    expect(find(meta, "property", "og:url")?.content).toBe("https://nacre.example/catalogue");
    expect(find(meta, "property", "og:locale")?.content).toBe("fr_FR");
    expect(find(meta, "property", "og:type")?.content).toBe("website");
    expect(find(meta, "property", "og:image")?.content).toBe("https://nacre.example/og-image.png");
    expect(find(meta, "name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find(meta, "name", "robots")).toBeUndefined();
  });

  it("keeps private pages out of search engines, without canonical or cards", () => {
    const hidden = privateMeta("Mon compte — Nacre");
    expect(hidden).toEqual([{ title: "Mon compte — Nacre" }, { name: "robots", content: "noindex" }]);
  });

  it("accepts absolute image URLs as they are", () => {
    expect(absoluteUrl("https://a.test", "https://cdn.test/x.png")).toBe("https://cdn.test/x.png");
    expect(absoluteUrl("https://a.test", "x.png")).toBe("https://a.test/x.png");
  });
});

describe("products", () => {
  it("availability follows the sale status, then the stock", () => {
    expect(productAvailability({ isSold: false, isUnique: true, stock: 0 })).toBe(
      "https://schema.org/InStock",
    );
    expect(productAvailability({ isSold: false, isUnique: false, stock: 3 })).toBe(
      "https://schema.org/InStock",
    );
    expect(productAvailability({ isSold: false, isUnique: false, stock: 0 })).toBe(
      "https://schema.org/OutOfStock",
    );
    expect(productAvailability({ isSold: true, isUnique: true, stock: 1 })).toBe(
      "https://schema.org/SoldOut",
    );
  });

  it("a piece for sale: Product with an Offer in euros, first image as the sharing picture", () => {
    const meta = productMeta(site, product);
    expect(meta[0]).toEqual({ title: "Collier Lagon — Nacre" });
    expect(find(meta, "rel", "canonical")?.href).toBe(
      "https://nacre.example/catalogue/produit/collier-lagon",
    );
    expect(find(meta, "property", "og:type")?.content).toBe("product");
    expect(find(meta, "property", "og:image")?.content).toBe(
      "https://nacre.example/images/products/p1.webp?w=1200",
    );
    expect(find(meta, "property", "og:image:height")?.content).toBe("900");
    expect(find(meta, "property", "product:price:amount")?.content).toBe("89.00");
    expect(find(meta, "property", "product:price:currency")?.content).toBe("EUR");
    const ld = (meta.find((m) => "script:ld+json" in m) as { "script:ld+json": Record<string, unknown> })[
      "script:ld+json"
    ];
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Collier Lagon",
      image: [
        "https://nacre.example/images/products/p1.webp?w=1200",
        // 800 px wide: the size that holds it whole, the one pages name (and the shop makes ahead).
        "https://nacre.example/images/products/p2.webp?w=800",
      ],
      offers: {
        "@type": "Offer",
        price: "89.00",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        url: "https://nacre.example/catalogue/produit/collier-lagon",
      },
    });
  });

  it("names the piece's reference as sku, the shop as brand and its materials (docs/product.md §10.7)", () => {
    const ld = productJsonLd(site, {
      ...product,
      materials: [{ name: "Acier inoxydable" }, { name: "Nacre" }],
    });
    expect(ld).toMatchObject({
      sku: "NAC-ABC123XYZ",
      brand: { "@type": "Brand", name: "Nacre" },
      material: "Acier inoxydable, Nacre",
    });
    expect(
      productJsonLd({ ...site, shop: { ...shop, shopName: "Perles d'Ouessant" } }, product),
    ).toMatchObject({
      brand: { "@type": "Brand", name: "Perles d'Ouessant" },
      material: "Acier inoxydable",
    });
  });

  it("a sold piece: its gallery URL and SoldOut", () => {
    const sold = { ...product, isSold: true };
    const meta = productMeta(site, sold);
    expect(meta[0]).toEqual({ title: "Collier Lagon (vendu) — Nacre" });
    expect(find(meta, "rel", "canonical")?.href).toBe("https://nacre.example/galerie/vendu/collier-lagon");
    expect(productJsonLd(site, sold)).toMatchObject({
      offers: { availability: "https://schema.org/SoldOut", priceCurrency: "EUR" },
    });
  });

  it("'Prix sur demande': no Offer and no price in the cards; no photo: the default picture", () => {
    const onRequest = { ...product, priceCents: null, images: [] };
    const meta = productMeta(site, onRequest);
    expect(productJsonLd(site, onRequest)).not.toHaveProperty("offers");
    expect(find(meta, "property", "product:price:amount")).toBeUndefined();
    expect(find(meta, "property", "og:image")?.content).toBe("https://nacre.example/og-image.png");
  });

  it("JSON-LD survives serialisation of quotes and closing tags", () => {
    const tricky = { ...product, name: 'Bague "Sirène" </script>' };
    const json = JSON.stringify(productJsonLd(site, tricky));
    expect(JSON.parse(json).name).toBe('Bague "Sirène" </script>');
  });
});

describe("events and the shop", () => {
  it("an event with dates, place, image and organizer", () => {
    const ld = eventJsonLd(site, {
      title: "Marché de créateurs",
      description: "Venez essayer les bijoux.",
      startDate: "2026-12-05T10:00:00.000Z",
      endDate: null,
      location: "Vannes",
      image: "e1.webp",
    });
    expect(ld).toMatchObject({
      "@type": "Event",
      name: "Marché de créateurs",
      startDate: "2026-12-05T10:00:00.000Z",
      location: { "@type": "Place", name: "Vannes" },
      image: ["https://nacre.example/images/events/e1.webp?w=1200"],
    });
    expect(ld).not.toHaveProperty("endDate");
  });

  it("the shop as a JewelryStore with address, contact and social profiles", () => {
    expect(organizationJsonLd(site)).toMatchObject({
      "@type": "JewelryStore",
      name: "Nacre",
      telephone: "+33642187395",
      email: "bonjour@nacre.test",
      address: { streetAddress: "14 rue des Goélands", postalCode: "56170", addressLocality: "Quiberon" },
      sameAs: ["https://www.instagram.com/nacre.bijoux", "https://t.test/x"],
      geo: { latitude: 47.48, longitude: -3.12 },
    });
    expect(organizationJsonLd({ origin: "", shop: null })).toBeNull();
  });
});
