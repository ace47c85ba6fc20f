/**
 * Product safety information (docs/product.md §2 "Fabricant et sécurité", §10.5; Regulation (EU)
 * 2023/988, art. 19), a route test: every piece's page — for sale or sold — names its maker (the
 * legal name, postal address and e-mail of /admin/parametres), its reference and the safety and
 * care text, the shop's default or the piece's own; the default is edited in the settings, and bad
 * input there is a French 400 that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SAFETY_INFO, productReference } from "~/features/settings/product-safety-schema";
import { postCommand } from "../support/page-command";
import { element, pageHtml, textOf } from "../support/page-html";
import { DEMO_ADMIN, queryDatabase, signIn } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let admin: string;
let categoryId: string;

beforeAll(async () => {
  shop = await startTestShop("securite-produits");
  admin = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  categoryId = await queryDatabase(
    shop.dataDir,
    async (db) => ((await db.get("select id from categories order by name limit 1")) as { id: string }).id,
  );
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

async function saveProduct(fields: Record<string, string>): Promise<{ id: string; slug: string }> {
  const body = new FormData();
  for (const [key, value] of Object.entries({
    intent: "save",
    price: "48",
    stock: "2",
    categories: categoryId,
    ...fields,
  }))
    body.append(key, value);
  const response = await fetch(`${shop.url}/api/admin/produits`, {
    method: "POST",
    headers: { origin: shop.url, cookie: admin },
    body,
  });
  const text = await response.text();
  expect(response.status, text.slice(0, 200)).toBe(200);
  return (JSON.parse(text) as { product: { id: string; slug: string } }).product;
}

const settings = (fields: Record<string, string>) =>
  postCommand(shop.url, "/admin/parametres", new URLSearchParams(fields), admin);

const storedDefault = () =>
  queryDatabase(
    shop.dataDir,
    async (db) =>
      ((await db.get("select safety_info from shop_settings where id = 'shop'")) as { safety_info: string })
        .safety_info,
  );

/** The « Fabricant et sécurité » section's text on a piece's page. */
async function safetySection(path: string): Promise<string> {
  return textOf(element(await pageHtml(shop.url, path), 'aria-labelledby="fabricant-securite"'));
}

describe("the pieces' safety information", () => {
  it("a piece's page names the maker, its reference and the built-in default text; its JSON-LD has the reference as sku", async () => {
    await queryDatabase(shop.dataDir, (db) =>
      db.run(
        `update shop_settings set owner_name = 'Maïana Teriierooiterai', address_line = '14 rue des Goélands',
           postal_code = '56170', city = 'Quiberon', email = 'bonjour@nacre.test', safety_info = '' where id = 'shop'`,
      ),
    );
    const piece = await saveProduct({
      name: "Bague Écume de culture",
      description: "Acier et perle de culture.",
    });
    const html = await pageHtml(shop.url, `/catalogue/produit/${piece.slug}`);
    const section = textOf(element(html, 'aria-labelledby="fabricant-securite"'));
    expect(section).toContain("Fabricant et sécurité");
    expect(section).toContain("Fabricant Maïana Teriierooiterai");
    expect(section).toContain("Adresse postale 14 rue des Goélands, 56170 Quiberon");
    expect(section).toContain("E-mail bonjour@nacre.test");
    expect(section).toContain(`Référence ${productReference(piece.id)}`);
    expect(productReference(piece.id)).toBe(`NAC-${piece.id.toUpperCase()}`);
    expect(section).toContain("Informations de sécurité et d'entretien");
    for (const paragraph of DEFAULT_SAFETY_INFO.split("\n\n")) expect(section).toContain(paragraph);
    expect(section).toContain("REACH");
    expect(section).toContain("Ne convient pas aux enfants de moins de 3 ans");
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1] as string) as Record<string, unknown>)
      .find((item) => item["@type"] === "Product");
    expect(ld).toMatchObject({ sku: productReference(piece.id), brand: { "@type": "Brand" } });
  });

  it("the admin edits the default text; every piece without its own shows it, a piece's own text replaces it, on the sold page too", async () => {
    const text = "Acier 316L sans nickel ajouté.\n\nTenir hors de portée des enfants de moins de 3 ans.";
    expect(await settings({ intent: "save-safety", safetyInfo: `  ${text}  ` })).toEqual({
      status: 200,
      body: { ok: true, message: "Informations de sécurité et d'entretien enregistrées." },
      location: null,
    });
    expect(await storedDefault()).toBe(text);
    const plain = await saveProduct({ name: "Pendentif Houle" });
    const plainSection = await safetySection(`/catalogue/produit/${plain.slug}`);
    expect(plainSection).toContain("Acier 316L sans nickel ajouté.");
    expect(plainSection).toContain("Tenir hors de portée des enfants de moins de 3 ans.");
    expect(plainSection).not.toContain("REACH");

    const own = await saveProduct({
      name: "Collier Marée",
      isSold: "true",
      safetyInfo: "Perle teintée : évitez l'eau et le parfum.",
    });
    const sold = await safetySection(`/galerie/vendu/${own.slug}`);
    expect(sold).toContain("Perle teintée : évitez l'eau et le parfum.");
    expect(sold).not.toContain("Acier 316L");
    expect(sold).toContain(`Référence ${productReference(own.id)}`);
    expect(sold).toContain("Fabricant Maïana Teriierooiterai");

    // Emptied, the piece's text gives way to the shop's again.
    await saveProduct({ id: own.id, name: "Collier Marée", isSold: "true", safetyInfo: "" });
    expect(await safetySection(`/galerie/vendu/${own.slug}`)).toContain("Acier 316L sans nickel ajouté.");
  });

  it("refuses an empty or too long default text, or a too long piece text, in French, and changes nothing", async () => {
    const before = await storedDefault();
    expect(await settings({ intent: "save-safety", safetyInfo: "   " })).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error: "Les informations de sécurité et d'entretien par défaut ne peuvent pas être vides.",
      },
    });
    expect(await settings({ intent: "save-safety", safetyInfo: "a".repeat(3001) })).toMatchObject({
      status: 400,
      body: {
        ok: false,
        error:
          "Les informations de sécurité et d'entretien par défaut sont trop longues (3000 caractères au maximum).",
      },
    });
    expect(await storedDefault()).toBe(before);

    const body = new FormData();
    for (const [key, value] of Object.entries({
      intent: "save",
      name: "Bague Trop Bavarde",
      categories: categoryId,
      safetyInfo: "b".repeat(3001),
    }))
      body.append(key, value);
    const response = await fetch(`${shop.url}/api/admin/produits`, {
      method: "POST",
      headers: { origin: shop.url, cookie: admin },
      body,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(
      "Les informations de sécurité et d'entretien sont trop longues (3000 caractères au maximum).",
    );
    const count = await queryDatabase(
      shop.dataDir,
      async (db) =>
        (
          (await db.get("select count(*) as n from products where name = 'Bague Trop Bavarde'")) as {
            n: number;
          }
        ).n,
    );
    expect(count).toBe(0);
  });
});
