/**
 * The loader shared by a piece's two pages: /catalogue/produit/{slug} while it is for sale,
 * /galerie/vendu/{slug} once sold (docs/product.md §2). Each page sends a piece of the other kind to
 * its own address; similar pieces are streamed, and their failure never fails the page.
 */
import { data, redirect } from "react-router";
import {
  effectiveSafetyInfo,
  type MakerIdentity,
  productReference,
} from "~/features/settings/product-safety-schema";
import { getDb } from "~/server/context.server";
import type { DB } from "~/server/database.server";
import { findProductBySlug, listSimilarProducts } from "./catalogue.server";
import { PRODUCT_PAGES, type ProductPageKind } from "./product-page-kinds";

/**
 * Who makes the pieces and the shop's default safety text (docs/product.md §2 "Fabricant et
 * sécurité"; Regulation (EU) 2023/988, art. 19): the legal name of /admin/parametres' legal
 * identity (else the shop's name), the shop's postal address and e-mail.
 */
async function makerAndSafetyDefault(db: DB): Promise<{ maker: MakerIdentity; safetyDefault: string }> {
  const row = await db
    .selectFrom("shop_settings")
    .select(["shop_name", "owner_name", "address_line", "postal_code", "city", "email", "safety_info"])
    .where("id", "=", "shop")
    .executeTakeFirst();
  const town = [row?.postal_code, row?.city].filter(Boolean).join(" ");
  return {
    maker: {
      name: row?.owner_name || row?.shop_name || "Nacre",
      address: [row?.address_line, town].filter(Boolean).join(", "),
      email: row?.email ?? "",
    },
    safetyDefault: row?.safety_info ?? "",
  };
}

export async function loadProductPage(kind: ProductPageKind, slug: string) {
  const db = getDb();
  const page = PRODUCT_PAGES[kind];
  const product = await findProductBySlug(db, slug);
  if (!product) throw data({ message: page.notFound(slug) }, { status: 404 });
  const sold = kind === "sold";
  if (product.isSold !== sold)
    throw redirect(`${PRODUCT_PAGES[product.isSold ? "sold" : "forSale"].path}/${product.slug}`);
  const { maker, safetyDefault } = await makerAndSafetyDefault(db);
  const safety = { maker, text: effectiveSafetyInfo(product.safetyInfo, safetyDefault) };
  const similar = listSimilarProducts(db, product, { newestFirst: sold }).catch((error) => {
    console.error("Créations similaires indisponibles", error);
    return [];
  });
  return { product: { ...product, reference: productReference(product.id) }, safety, similar };
}
