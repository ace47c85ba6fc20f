/**
 * Catalogue reads (spec §7 "Product / sold page"): one product by slug, for sale or sold.
 */
import type { DB } from "./database.server";

export interface ProductSummary {
  id: string;
  slug: string;
  name: string;
  description: string;
  priceCents: number | null;
  isSold: boolean;
}

export async function findProductBySlug(db: DB, slug: string): Promise<ProductSummary | null> {
  const row = await db
    .selectFrom("products")
    .select(["id", "slug", "name", "description", "price_cents", "is_sold"])
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    priceCents: row.price_cents,
    isSold: row.is_sold === 1,
  };
}
