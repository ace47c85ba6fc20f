/**
 * Delivery costs before the order (docs/product.md §10.28, ADR 028; Code de la consommation L112-1,
 * L221-5, L111-1): the seller's rates per zone and the amount from which delivery is free become
 * settings, and an order keeps its delivery zone and its delivery cost, which its total includes.
 *
 * - `shop_settings.delivery_<zone>_cents`: the rate of a postal delivery to the zone; NULL « sur
 *   devis » (the seller gives the cost on the order's page before the payment link). Demo values:
 *   France métropolitaine 6,90 €, Outre-mer 14,90 €, Union européenne 12,90 €, reste du monde sur devis.
 * - `shop_settings.delivery_free_from_cents`: from this total of the pieces, delivery is free; NULL never.
 * - `orders.delivery_zone`: where a parcel goes (`france`, `outre_mer`, `ue`, `monde`); every order
 *   placed before had a French address form, so they are France métropolitaine.
 * - `orders.delivery_cents`: the order's delivery cost, included in `total_cents`; NULL until known
 *   (« sur devis », or a threshold that waits for a piece's price). Orders placed before were priced
 *   without delivery: a pick-up or a handover cost nothing (0); a parcel's cost was given outside the
 *   shop, so it stays unknown (NULL) and the seller enters it before a link or a payment still to come.
 */
import { type Kysely, sql } from "kysely";

const ZONES = ["france", "outre_mer", "ue", "monde"] as const;
const DEFAULTS: Record<(typeof ZONES)[number], number | null> = {
  france: 690,
  outre_mer: 1490,
  ue: 1290,
  monde: null,
};

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  for (const zone of ZONES) {
    const fallback = DEFAULTS[zone];
    await db.schema
      .alterTable("shop_settings")
      .addColumn(`delivery_${zone}_cents`, "integer", (c) => {
        const checked = c.check(sql`${sql.ref(`delivery_${zone}_cents`)} >= 0`);
        return fallback === null ? checked : checked.defaultTo(fallback);
      })
      .execute();
  }
  await db.schema
    .alterTable("shop_settings")
    .addColumn("delivery_free_from_cents", "integer", (c) =>
      c.defaultTo(15000).check(sql`delivery_free_from_cents >= 0`),
    )
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("delivery_zone", "text", (c) =>
      c.notNull().defaultTo("france").check(sql`delivery_zone in ('france', 'outre_mer', 'ue', 'monde')`),
    )
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("delivery_cents", "integer", (c) => c.check(sql`delivery_cents >= 0`))
    .execute();
  await db.updateTable("orders").set({ delivery_cents: 0 }).where("delivery_method", "<>", "envoi").execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  // The totals go back to the pieces alone, as they were counted before.
  await db
    .updateTable("orders")
    .set({ total_cents: sql`total_cents - coalesce(delivery_cents, 0)` })
    .execute();
  await db.schema.alterTable("orders").dropColumn("delivery_cents").execute();
  await db.schema.alterTable("orders").dropColumn("delivery_zone").execute();
  await db.schema.alterTable("shop_settings").dropColumn("delivery_free_from_cents").execute();
  for (const zone of ZONES)
    await db.schema.alterTable("shop_settings").dropColumn(`delivery_${zone}_cents`).execute();
}
