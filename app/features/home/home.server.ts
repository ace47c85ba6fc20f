/**
 * Home page data (docs/product.md §1, §7 "Home featured"): the hero and inspiration images, the story
 * pictures, and up to 8 random pieces for sale.
 */

import { loadCards } from "~/features/catalogue/catalogue.server";
import { seededShuffle } from "~/features/catalogue/listing-query";
import type { ProductCard } from "~/features/catalogue/product-types";
import type { DB } from "~/server/database.server";
import type { SiteImageKind } from "~/server/db-schema.server";

export const FEATURED_COUNT = 8;

export interface SiteImage {
  fileName: string;
  alt: string;
  width: number;
  height: number;
}

export async function listSiteImages(db: DB, kind: SiteImageKind): Promise<SiteImage[]> {
  const rows = await db
    .selectFrom("site_images")
    .select(["file_name", "alt", "width", "height"])
    .where("kind", "=", kind)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({ fileName: row.file_name, alt: row.alt, width: row.width, height: row.height }));
}

/** docs/product.md §7: unsold pieces, shuffled, 8 kept. Shuffled here so the page needs no extra script. */
export async function pickFeaturedProducts(db: DB, seed: number): Promise<ProductCard[]> {
  const ids = await db.selectFrom("products").select("id").where("is_sold", "=", 0).execute();
  const chosen = seededShuffle(
    ids.map((row) => row.id),
    seed,
  ).slice(0, FEATURED_COUNT);
  return loadCards(db, chosen);
}
