/**
 * The seller's delivery rates (docs/product.md §10.28, ADR 028), kept in shop_settings: read by the
 * order form, by placing an order (which computes its cost again) and by the CGV's article 7 through
 * `deliveryRates`, the one place they are read from; saved by the « Livraison » settings form.
 */
import type { DB } from "~/server/database.server";
import { nowIso } from "~/server/ids.server";
import { DEFAULT_DELIVERY_RATES, type DeliveryRates } from "./delivery-types";

export async function deliveryRates(db: DB): Promise<DeliveryRates> {
  const row = await db
    .selectFrom("shop_settings")
    .select([
      "delivery_france_cents",
      "delivery_outre_mer_cents",
      "delivery_ue_cents",
      "delivery_monde_cents",
      "delivery_free_from_cents",
    ])
    .where("id", "=", "shop")
    .executeTakeFirst();
  // A shop without its settings row yet charges what a new shop's row would say.
  if (!row) return DEFAULT_DELIVERY_RATES;
  return {
    zones: {
      france: row.delivery_france_cents,
      outre_mer: row.delivery_outre_mer_cents,
      ue: row.delivery_ue_cents,
      monde: row.delivery_monde_cents,
    },
    freeFromCents: row.delivery_free_from_cents,
  };
}

export async function saveDeliveryRates(db: DB, rates: DeliveryRates): Promise<void> {
  const values = {
    delivery_france_cents: rates.zones.france,
    delivery_outre_mer_cents: rates.zones.outre_mer,
    delivery_ue_cents: rates.zones.ue,
    delivery_monde_cents: rates.zones.monde,
    delivery_free_from_cents: rates.freeFromCents,
    updated_at: nowIso(),
  };
  await db
    .insertInto("shop_settings")
    .values({ id: "shop", shop_name: "Nacre", ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}
