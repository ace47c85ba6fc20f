/** The business details shown in the header, footer and contact page (admin-editable). */

import { VAT_RATE_DEFAULT_BP } from "~/features/invoices/invoice-types";
import type { DB } from "~/server/database.server";
import { INACTIVITY_MONTHS_DEFAULT } from "./legal-identity-schema";
import { DEFAULT_SAFETY_INFO } from "./product-safety-schema";
import {
  HOLD_DAYS_DEFAULT,
  type LegalSettingsInput,
  type OrderSettingsInput,
  type SafetySettingsInput,
} from "./settings-schema";

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

/** What the "Commandes et notifications" form shows (docs/product.md §10.19, §10.20). */
export async function getOrderSettings(db: DB): Promise<OrderSettingsInput> {
  const row = await db
    .selectFrom("shop_settings")
    .select(["hold_days", "hold_cap", "notify_new_order", "notify_contact", "notify_review", "notify_chat"])
    .where("id", "=", "shop")
    .executeTakeFirst();
  // The columns default to 7 days and every e-mail on (migration 0009).
  return {
    holdDays: row?.hold_days ?? HOLD_DAYS_DEFAULT,
    holdCap: row?.hold_cap ?? 3,
    notifyNewOrder: (row?.notify_new_order ?? 1) === 1,
    notifyContact: (row?.notify_contact ?? 1) === 1,
    notifyReview: (row?.notify_review ?? 1) === 1,
    notifyChat: (row?.notify_chat ?? 1) === 1,
  };
}

/** What the "Identité légale et médiation" form shows (docs/product.md §10.21). */
export async function getLegalSettings(db: DB): Promise<LegalSettingsInput> {
  const row = await db
    .selectFrom("shop_settings")
    .select([
      "owner_name",
      "legal_form",
      "siret",
      "host_name",
      "host_address",
      "mediator_name",
      "mediator_address",
      "mediator_url",
      "inactivity_months",
      "vat_franchise",
      "vat_rate_bp",
    ])
    .where("id", "=", "shop")
    .executeTakeFirst();
  return {
    ownerName: row?.owner_name ?? "",
    legalForm: row?.legal_form ?? "",
    siret: row?.siret ?? "",
    hostName: row?.host_name ?? "",
    hostAddress: row?.host_address ?? "",
    mediatorName: row?.mediator_name ?? "",
    mediatorAddress: row?.mediator_address ?? "",
    mediatorUrl: row?.mediator_url ?? "",
    // The column defaults to 36 months (migration 0010).
    inactivityMonths: row?.inactivity_months ?? INACTIVITY_MONTHS_DEFAULT,
    // A small seller by default: the franchise on, 20 % when it is switched off (migration 0016).
    vatFranchise: (row?.vat_franchise ?? 1) === 1,
    vatRate: row?.vat_rate_bp ?? VAT_RATE_DEFAULT_BP,
  };
}

/** The default safety text as the form shows it: the stored one, else the built-in one (migration 0015). */
export async function getSafetySettings(db: DB): Promise<SafetySettingsInput> {
  const row = await db
    .selectFrom("shop_settings")
    .select("safety_info")
    .where("id", "=", "shop")
    .executeTakeFirst();
  return { safetyInfo: row?.safety_info || DEFAULT_SAFETY_INFO };
}
