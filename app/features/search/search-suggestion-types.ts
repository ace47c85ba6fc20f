/** What /api/recherche sends for each suggested piece, and how a card becomes one. */

import type { ProductCard } from "~/features/catalogue/product-types";
import { imageUrl, PLACEHOLDER_IMAGE } from "~/lib/images";
import { productPath } from "~/lib/seo";

export interface SearchSuggestion {
  id: string;
  name: string;
  href: string;
  priceCents: number | null;
  isSold: boolean;
  /** The 100 px thumb, or the placeholder. */
  imageSrc: string;
  hasImage: boolean;
}

/** The fields of a listing card a suggestion needs (the 100 px thumb wants no size). */
type SuggestedCard = Pick<ProductCard, "id" | "slug" | "name" | "priceCents" | "isSold"> & {
  image: Pick<NonNullable<ProductCard["image"]>, "fileName"> | null;
};

export function toSuggestion(card: SuggestedCard): SearchSuggestion {
  return {
    id: card.id,
    name: card.name,
    href: productPath(card),
    priceCents: card.priceCents,
    isSold: card.isSold,
    imageSrc: card.image ? imageUrl("products", card.image.fileName, "thumb") : PLACEHOLDER_IMAGE,
    hasImage: card.image !== null,
  };
}

export interface SuggestionsResponse {
  ok: true;
  query: string;
  suggestions: SearchSuggestion[];
}
