/** Wording shared by several screens (docs/product.md §1, §4). */
export const LOADING_TEXT = "Chargement des créations...";
