/** What the search says when a client asks too often (docs/product.md §10.23). */
export const SEARCH_TOO_MANY =
  "Vous avez lancé beaucoup de recherches en peu de temps : patientez une minute avant de continuer.";
