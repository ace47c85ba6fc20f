/**
 * The feeds' file formats (docs/product.md §10.28), without a database: awkward texts come out
 * escaped, quoted, plain and within each format's limits, and both files read back with strict
 * readers (tests/support/feed-files.ts).
 */
import { describe, expect, it } from "vitest";
import { childrenNamed, csvRecords, parseCsv, parseXml } from "../../../tests/support/feed-files";
import {
  clip,
  csvField,
  type FeedItem,
  GOOGLE_LIMITS,
  googleFeedXml,
  META_COLUMNS,
  META_LIMITS,
  metaFeedCsv,
  plainText,
} from "./feed-formats.server";

const origin = "https://nacre.example";

function item(overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    id: "NAC-ABCDEFGHIJKLMNO",
    title: "Collier Lagon",
    description: "Une perle de Tahiti.",
    link: `${origin}/catalogue/produit/collier-lagon`,
    imageLinks: [`${origin}/images/products/a.webp?w=1920`],
    inStock: true,
    priceCents: 1200,
    brand: "Nacre",
    categories: ["Colliers"],
    materials: ["Acier inoxydable", "Perle de Tahiti"],
    colors: ["Noir"],
    shipping: [{ country: "FR", service: "Envoi postal", priceCents: 690 }],
    ...overrides,
  };
}

/** The one element (or row) a list must hold. */
function one<T>(list: readonly T[]): T {
  const [first] = list;
  if (first === undefined || list.length !== 1) throw new Error(`un élément attendu, ${list.length} trouvés`);
  return first;
}

const channel = { title: "Nacre & Co", link: `${origin}/`, description: "Les créations de Nacre & Co" };

describe("plain text and limits", () => {
  it("removes markup but keeps a lone < or & as text, and keeps paragraphs", () => {
    expect(plainText("<p>Perle <strong>noire</strong></p>\r\n\r\n\r\nTaille < 5 cm & fine\u0007")).toBe(
      "Perle noire\n\nTaille < 5 cm & fine",
    );
  });

  it("clips at a word with an ellipsis, counting characters", () => {
    const clipped = clip(`${"perle ".repeat(40)}fin`, 150);
    expect(Array.from(clipped).length).toBeLessThanOrEqual(150);
    expect(clipped.endsWith("perle…")).toBe(true);
    expect(clip("court", 150)).toBe("court");
  });
});

describe("Google Merchant Center RSS", () => {
  it("is well-formed XML in the g: namespace, special characters escaped", () => {
    const awkward = item({ title: 'Bague "Lune" & <Soleil>', description: "Perle < 8 mm & 'ronde'" });
    const xml = googleFeedXml(channel, [awkward]);
    expect(xml).toContain("<g:title>Bague &quot;Lune&quot; &amp; &lt;Soleil&gt;</g:title>");
    const rss = parseXml(xml);
    expect(rss.name).toBe("rss");
    expect(rss.attributes).toMatchObject({ version: "2.0", "xmlns:g": "http://base.google.com/ns/1.0" });
    const feed = one(childrenNamed(rss, "channel"));
    expect(one(childrenNamed(feed, "title")).text).toBe("Nacre & Co");
    const entry = one(childrenNamed(feed, "item"));
    const field = (name: string) => childrenNamed(entry, `g:${name}`).map((child) => child.text);
    expect(field("title")).toEqual(['Bague "Lune" & <Soleil>']);
    expect(field("description")).toEqual(["Perle < 8 mm & 'ronde'"]);
    expect(field("price")).toEqual(["12.00 EUR"]);
    expect(field("availability")).toEqual(["in_stock"]);
    expect(field("condition")).toEqual(["new"]);
    expect(field("identifier_exists")).toEqual(["no"]);
    expect(field("google_product_category")).toEqual(["188"]);
    expect(field("material")).toEqual(["Acier inoxydable/Perle de Tahiti"]);
    const [shipping] = childrenNamed(entry, "g:shipping");
    expect(shipping?.children.map((child) => [child.name, child.text])).toEqual([
      ["g:country", "FR"],
      ["g:service", "Envoi postal"],
      ["g:price", "6.90 EUR"],
    ]);
  });

  it("keeps each field within Google's limits: title, description, additional pictures, colours", () => {
    const long = item({
      title: "Collier ".repeat(40),
      description: "Perle ".repeat(1200),
      imageLinks: Array.from({ length: 14 }, (_, index) => `${origin}/images/products/${index}.webp?w=1920`),
      colors: ["Noir", "Blanc", "Doré", "Argenté"],
      inStock: false,
    });
    const entry = one(
      childrenNamed(one(childrenNamed(parseXml(googleFeedXml(channel, [long])), "channel")), "item"),
    );
    const value = (name: string) => childrenNamed(entry, `g:${name}`)[0]?.text ?? "";
    expect(Array.from(value("title")).length).toBeLessThanOrEqual(GOOGLE_LIMITS.title);
    expect(Array.from(value("description")).length).toBeLessThanOrEqual(GOOGLE_LIMITS.description);
    expect(value("image_link")).toBe(`${origin}/images/products/0.webp?w=1920`);
    expect(childrenNamed(entry, "g:additional_image_link")).toHaveLength(GOOGLE_LIMITS.additionalImages);
    expect(value("color")).toBe("Noir/Blanc/Doré");
    expect(value("availability")).toBe("out_of_stock");
  });
});

describe("Meta catalogue CSV", () => {
  it("has Meta's header row and quotes commas, quotes and line breaks", () => {
    const awkward = item({
      title: 'Bague "Lune", argent',
      description: "Première ligne, avec virgule\n\nSeconde « ligne »",
      imageLinks: [`${origin}/a.webp?w=1920`, `${origin}/b.webp?w=1920`, `${origin}/c.webp?w=1920`],
      shipping: [
        { country: "FR", service: "Envoi postal", priceCents: 690 },
        { country: "DE", service: "Envoi postal", priceCents: 1290 },
      ],
      inStock: false,
    });
    const csv = metaFeedCsv([awkward]);
    expect(csv.split("\r\n")[0]).toBe(META_COLUMNS.join(","));
    expect(csv).toContain('"Bague ""Lune"", argent"');
    const [row] = csvRecords(csv);
    expect(row).toMatchObject({
      id: "NAC-ABCDEFGHIJKLMNO",
      title: 'Bague "Lune", argent',
      description: "Première ligne, avec virgule\n\nSeconde « ligne »",
      availability: "out of stock",
      condition: "new",
      price: "12.00 EUR",
      image_link: `${origin}/a.webp?w=1920`,
      additional_image_link: `${origin}/b.webp?w=1920,${origin}/c.webp?w=1920`,
      brand: "Nacre",
      google_product_category: "188",
      material: "Acier inoxydable/Perle de Tahiti",
      color: "Noir",
      shipping: "FR::Envoi postal:6.90 EUR,DE::Envoi postal:12.90 EUR",
    });
  });

  it("keeps each field within Meta's limits", () => {
    const long = item({
      title: "Collier ".repeat(60),
      description: "Perle ".repeat(2000),
      imageLinks: Array.from({ length: 30 }, (_, index) => `${origin}/${index}.webp`),
    });
    const row = one(csvRecords(metaFeedCsv([long])));
    expect(Array.from(row.title ?? "").length).toBeLessThanOrEqual(META_LIMITS.title);
    expect(Array.from(row.description ?? "").length).toBeLessThanOrEqual(META_LIMITS.description);
    expect(row.additional_image_link?.split(",")).toHaveLength(META_LIMITS.additionalImages);
  });

  it("writes a field bare when it needs no quotes, and the reader refuses a stray quote", () => {
    expect(csvField("simple")).toBe("simple");
    expect(csvField(" bord")).toBe('" bord"');
    expect(() => parseCsv('a,b"c\r\n')).toThrow(/guillemet/);
  });
});

describe("the strict XML reader refuses what a platform would", () => {
  it.each([
    ["an unescaped &", "<a>Perles & nacre</a>"],
    ["an unescaped <", '<a b="<"/>'],
    ["tags closed out of order", "<a><b></a></b>"],
    ["an undeclared prefix", "<a><g:id>1</g:id></a>"],
    ["two roots", "<a/><b/>"],
  ])("%s", (_label, xml) => {
    expect(() => parseXml(xml)).toThrow(/XML/);
  });
});
