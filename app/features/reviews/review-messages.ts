/**
 * The review wording of docs/product.md §5 and §8, apart from the schema so the browser gets these strings
 * without the validation library.
 */
/** docs/product.md §5 and §8: one message for any missing or invalid rating or comment. */
export const REVIEW_INCOMPLETE = "Veuillez donner une note et un commentaire.";
export const REVIEW_SUBMITTED = "Merci ! Votre avis a été soumis pour approbation.";
export const REVIEW_FAILED = "Une erreur s'est produite. Veuillez réessayer.";
export const REVIEW_ALREADY = "Merci, votre avis a bien été pris en compte.";

export const REVIEW_COMMENT_MAX = 2000;
