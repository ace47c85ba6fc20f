/** Saving the shop settings (one row, id 'shop') from the admin's settings screen. */

import type { DB } from "~/server/database.server";
import { nowIso } from "~/server/ids.server";
import { phoneHref, type ShopSettingsInput } from "./settings-schema";

export async function saveShopSettings(db: DB, input: ShopSettingsInput): Promise<void> {
  const values = {
    shop_name: input.shopName,
    address_line: input.addressLine,
    postal_code: input.postalCode,
    city: input.city,
    phone: input.phone,
    phone_href: phoneHref(input.phone),
    email: input.email,
    instagram_url: input.instagramUrl,
    facebook_url: input.facebookUrl,
    tiktok_url: input.tiktokUrl,
    map_query: input.mapQuery,
    map_latitude: input.mapLatitude,
    map_longitude: input.mapLongitude,
    opening_hours: input.openingHours,
    updated_at: nowIso(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("shop_settings")
      .values({ id: "shop", ...values })
      .onConflict((oc) => oc.column("id").doUpdateSet(values))
      .execute();
  });
}
