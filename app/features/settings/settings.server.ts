/** The business details shown in the header, footer and contact page (admin-editable). */
import type { DB } from "~/server/database.server";

export interface ShopDetails {
  shopName: string;
  tagline: string;
  ownerName: string;
  addressLine: string;
  postalCode: string;
  city: string;
  phone: string;
  phoneHref: string;
  email: string;
  socials: { instagram: string; facebook: string; tiktok: string };
  map: { query: string; latitude: number | null; longitude: number | null };
  openingHours: string;
}

export async function getShopDetails(db: DB): Promise<ShopDetails> {
  const row = await db.selectFrom("shop_settings").selectAll().where("id", "=", "shop").executeTakeFirst();
  return {
    shopName: row?.shop_name ?? "Nacre",
    tagline: row?.tagline ?? "",
    ownerName: row?.owner_name ?? "",
    addressLine: row?.address_line ?? "",
    postalCode: row?.postal_code ?? "",
    city: row?.city ?? "",
    phone: row?.phone ?? "",
    phoneHref: row?.phone_href ?? "",
    email: row?.email ?? "",
    socials: {
      instagram: row?.instagram_url ?? "",
      facebook: row?.facebook_url ?? "",
      tiktok: row?.tiktok_url ?? "",
    },
    map: {
      query: row?.map_query ?? "",
      latitude: row?.map_latitude ?? null,
      longitude: row?.map_longitude ?? null,
    },
    openingHours: row?.opening_hours ?? "",
  };
}
