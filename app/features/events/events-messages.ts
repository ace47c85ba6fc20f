/** The French wording of the agenda's dashboard screen (docs/product.md §8). */
export const EVENT_MESSAGES = {
  added: "Événement ajouté !",
  updated: "Événement mis à jour !",
  deleted: "Événement supprimé avec succès !",
  saveFailed: "Erreur lors de l'enregistrement de l'événement.",
  deleteFailed: "Erreur lors de la suppression de l'événement.",
  titleRequired: "Le titre est obligatoire.",
  startRequired: "La date de début est obligatoire.",
  invalidDate: "La date n'est pas valide.",
  endBeforeStart: "La date de fin doit être postérieure à la date de début.",
  notFound: "Cet événement n'existe plus.",
} as const;
