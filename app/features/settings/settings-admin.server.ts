/** Saving the shop settings (one row, id 'shop') from the admin's settings screen: one function per form. */

import type { DB } from "~/server/database.server";
import { nowIso } from "~/server/ids.server";
import {
  type LegalSettingsInput,
  type OrderSettingsInput,
  phoneHref,
  type SafetySettingsInput,
  type ShopSettingsInput,
} from "./settings-schema";

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

/** The hold's length and cap, and the seller's e-mail switches (docs/product.md §10.19, §10.20). */
export async function saveOrderSettings(db: DB, input: OrderSettingsInput): Promise<void> {
  const flag = (on: boolean) => (on ? 1 : 0) as 0 | 1;
  const values = {
    hold_days: input.holdDays,
    ...(input.holdCap === undefined ? {} : { hold_cap: input.holdCap }),
    notify_new_order: flag(input.notifyNewOrder),
    notify_contact: flag(input.notifyContact),
    notify_review: flag(input.notifyReview),
    notify_chat: flag(input.notifyChat),
    updated_at: nowIso(),
  };
  // The row exists from the first start on (startup); its name is only the fallback of a bare insert.
  await db
    .insertInto("shop_settings")
    .values({ id: "shop", shop_name: "Nacre", ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

/**
 * The shop's legal identity, its consumer mediator, the inactivity limit (docs/product.md §10.21) and
 * the VAT regime of the invoices (§10.25): the legal pages read them back, the inactivity job applies
 * the same limit, and each invoice copies the identity and the VAT regime when it is issued.
 */
export async function saveLegalSettings(db: DB, input: LegalSettingsInput): Promise<void> {
  const values = {
    owner_name: input.ownerName,
    legal_form: input.legalForm,
    siret: input.siret,
    host_name: input.hostName,
    host_address: input.hostAddress,
    mediator_name: input.mediatorName,
    mediator_address: input.mediatorAddress,
    mediator_url: input.mediatorUrl,
    inactivity_months: input.inactivityMonths,
    vat_franchise: (input.vatFranchise ? 1 : 0) as 0 | 1,
    ...(input.vatRate === undefined ? {} : { vat_rate_bp: input.vatRate }),
    updated_at: nowIso(),
  };
  await db
    .insertInto("shop_settings")
    .values({ id: "shop", shop_name: "Nacre", ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

/** The default safety and care text of the pieces (docs/product.md §2 "Fabricant et sécurité"). */
export async function saveSafetySettings(db: DB, input: SafetySettingsInput): Promise<void> {
  const values = { safety_info: input.safetyInfo, updated_at: nowIso() };
  await db
    .insertInto("shop_settings")
    .values({ id: "shop", shop_name: "Nacre", ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}
