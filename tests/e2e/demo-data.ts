/**
 * Read-only look at the e2e shop's SQLite file, for what a test cannot see on the page (a row it
 * wrote, a file name). Tests create what they change (fixtures.ts's `seed`) and read the demo only
 * for pieces nobody changes.
 */
import path from "node:path";
import SQLite from "better-sqlite3";

import { E2E_DATA_DIR } from "../../playwright.config";

export function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new SQLite(path.join(E2E_DATA_DIR, "nacre.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

export function count(sql: string, ...params: unknown[]): number {
  return (query<{ n: number }>(sql, ...params)[0] as { n: number }).n;
}

export function categoryId(name: string): string {
  return (query<{ id: string }>("select id from categories where name = ?", name)[0] as { id: string }).id;
}

/** A piece for sale with several photos and a price, in stock, not unique. */
export function productWithPhotos(): { slug: string; name: string; images: number; priceCents: number } {
  return query<{ slug: string; name: string; images: number; priceCents: number }>(
    `select p.slug, p.name, p.price_cents as "priceCents", count(i.id) as images
       from products p join product_images i on i.product_id = p.id
      where p.is_sold = 0 and p.price_cents is not null and p.stock > 1 and p.is_unique = 0
      group by p.id having count(i.id) >= 2 order by p.slug limit 1`,
  )[0] as { slug: string; name: string; images: number; priceCents: number };
}
