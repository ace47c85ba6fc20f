/** What differs between a piece's page for sale and its page once sold (docs/product.md §2, §8). */
export type ProductPageKind = "forSale" | "sold";

export const PRODUCT_PAGES = {
  forSale: {
    path: "/catalogue/produit",
    listing: "/catalogue",
    backLabel: "Retour au catalogue",
    notFound: (slug: string) => `Le produit avec le slug "${slug}" n'a pas été trouvé.`,
    loadError: "Une erreur est survenue lors du chargement du produit.",
    missingTitle: "Produit introuvable — Nacre",
  },
  sold: {
    path: "/galerie/vendu",
    listing: "/galerie",
    backLabel: "Retour à la galerie",
    notFound: (slug: string) => `La création avec le slug "${slug}" n'a pas été trouvée.`,
    loadError: "Une erreur est survenue lors du chargement de la création.",
    missingTitle: "Création introuvable — Nacre",
  },
} as const satisfies Record<ProductPageKind, unknown>;
