/** Wording shared by several screens (spec §1, §4). */
export const LOADING_TEXT = "Chargement des créations...";
