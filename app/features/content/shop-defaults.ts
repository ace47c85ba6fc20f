/**
 * The shop settings written on the first start (with or without the demo content), until the admin
 * edits them in the back office.
 */
export interface ShopDefaults {
  shopName: string;
  tagline: string;
  ownerName: string;
  addressLine: string;
  postalCode: string;
  city: string;
  phone: string;
  phoneHref: string;
  email: string;
  instagramUrl: string;
  facebookUrl: string;
  tiktokUrl: string;
  mapQuery: string;
  siret: string;
  legalForm: string;
  hostName: string;
  hostAddress: string;
  /** Where the contact page's map is centred. */
  mapLatitude: number;
  mapLongitude: number;
}

export const shopDefaults: ShopDefaults = {
  shopName: "Nacre",
  tagline: "Bijoux en acier et perles de Tahiti, faits main au bord de l'océan",
  ownerName: "Vaimiti Le Gall",
  addressLine: "14 rue des Goélands",
  postalCode: "56170",
  city: "Quiberon",
  phone: "06 42 18 73 95",
  phoneHref: "+33642187395",
  email: "bonjour@nacre.test",
  instagramUrl: "https://www.instagram.com/nacre.bijoux",
  facebookUrl: "https://www.facebook.com/nacre.bijoux",
  tiktokUrl: "https://www.tiktok.com/@nacre.bijoux",
  mapQuery: "14 rue des Goélands, 56170 Quiberon",
  siret: "912 345 675 00017",
  legalForm: "Entreprise individuelle (micro-entreprise)",
  hostName: "OVH SAS",
  hostAddress: "2 rue Kellermann, 59100 Roubaix, France",
  mapLatitude: 47.4836,
  mapLongitude: -3.1197,
};
