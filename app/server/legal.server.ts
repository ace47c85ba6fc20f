/** The shop's identity as the legal pages state it (publisher, seller, host), read from shop_settings. */
import type { DB } from "./database.server";

export interface LegalDetails {
  shopName: string;
  ownerName: string;
  legalForm: string;
  siret: string;
  addressLine: string;
  postalCode: string;
  city: string;
  phone: string;
  email: string;
  hostName: string;
  hostAddress: string;
}

export async function getLegalDetails(db: DB): Promise<LegalDetails> {
  const row = await db
    .selectFrom("shop_settings")
    .select([
      "shop_name",
      "owner_name",
      "legal_form",
      "siret",
      "address_line",
      "postal_code",
      "city",
      "phone",
      "email",
      "host_name",
      "host_address",
    ])
    .where("id", "=", "shop")
    .executeTakeFirst();
  // Without settings the pages still render; blank fields are left out of the text, not invented.
  return {
    shopName: row?.shop_name || "Nacre",
    ownerName: row?.owner_name ?? "",
    legalForm: row?.legal_form ?? "",
    siret: row?.siret ?? "",
    addressLine: row?.address_line ?? "",
    postalCode: row?.postal_code ?? "",
    city: row?.city ?? "",
    phone: row?.phone ?? "",
    email: row?.email ?? "",
    hostName: row?.host_name ?? "",
    hostAddress: row?.host_address ?? "",
  };
}
