/**
 * The safety information every piece's page shows (docs/product.md §2 "Fabricant et sécurité";
 * Regulation (EU) 2023/988 on general product safety, art. 19): who makes it, the piece's
 * reference, and its safety and care text. Client-safe: the pages and the settings form read it.
 */

export const SAFETY_INFO_MAX = 3000;

/**
 * The built-in text, shown while the shop's setting is empty (migration 0015). The seller answers
 * for it: she edits it in /admin/parametres once she has her supplier's declarations.
 */
export const DEFAULT_SAFETY_INFO = [
  "Bijou en acier inoxydable et perles, fait main. L'acier inoxydable utilisé respecte la restriction du nickel du règlement REACH (annexe XVII, entrée 27) pour les articles en contact direct et prolongé avec la peau. En cas d'allergie connue aux métaux, demandez-nous conseil avant de le porter et retirez-le en cas de rougeur ou de démangeaison.",
  "Ne convient pas aux enfants de moins de 3 ans : petites pièces (perles, fermoirs) pouvant être avalées. Tenir hors de portée des jeunes enfants.",
  "Perles : retirez le bijou avant la douche, la baignade (eau de mer, piscine chlorée), le sport et le sommeil ; mettez parfum, crème et laque avant le bijou ; évitez les produits ménagers.",
  "Entretien : essuyez-le après chaque port avec un chiffon doux et sec, sans produit ; rangez-le à l'abri de l'humidité, séparément des autres bijoux.",
].join("\n\n");

/**
 * A piece's reference: its record id, which never changes (a slug follows the name), in capitals
 * after the shop's prefix — what the page, the JSON-LD `sku` and a customer's question quote.
 */
export function productReference(id: string): string {
  return `NAC-${id.toUpperCase()}`;
}

/** The text a piece shows: its own, else the shop's, else the built-in one. */
export function effectiveSafetyInfo(own: string, shopDefault: string): string {
  return own.trim() || shopDefault.trim() || DEFAULT_SAFETY_INFO;
}

/** Who makes the pieces, as the page states it (the legal identity and the shop's details). */
export interface MakerIdentity {
  name: string;
  address: string;
  email: string;
}
