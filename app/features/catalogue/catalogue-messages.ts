/** The French wording of the catalogue's dashboard screens (docs/product.md §8): products, categories and attributes. */
import { PRICE_MESSAGE } from "~/lib/price";
export const PRODUCT_MESSAGES = {
  added: "Produit ajouté avec succès !",
  updated: "Produit mis à jour avec succès !",
  deleted: "Produit supprimé avec succès.",
  updateFailed: "Erreur lors de la mise à jour du produit",
  statusFailed: "Une erreur s'est produite lors du changement de statut.",
  slugFailed: "Une erreur est survenue lors de la vérification du slug.",
  nameEmpty: "Le nom du produit ne peut pas être vide.",
  categoryRequired: "Veuillez sélectionner au moins une catégorie.",
  tooManyImages: "Un produit ne peut pas avoir plus de 10 images.",
  price: PRICE_MESSAGE,
  notFound: "Ce produit n'existe plus.",
  unknownReference: "Une catégorie ou un attribut choisi n'existe plus.",
  deleteFailed: "Erreur lors de la suppression du produit.",
} as const;

export const NAME_EMPTY = "Le nom ne peut pas être vide.";

export type ReferenceKind = "categories" | "colors" | "materials" | "pearl_types";

export const REFERENCE_KINDS = ["categories", "colors", "materials", "pearl_types"] as const;

/** docs/product.md §8 for categories; the same shape, in the right gender, for the three attribute lists. */
export const REFERENCE_MESSAGES: Record<
  ReferenceKind,
  { added: string; updated: string; deleted: string; duplicate: string; notFound: string }
> = {
  categories: {
    added: "Catégorie ajoutée !",
    updated: "Catégorie mise à jour !",
    deleted: "Catégorie supprimée.",
    duplicate: "Une catégorie porte déjà ce nom.",
    notFound: "Cette catégorie n'existe plus.",
  },
  colors: {
    added: "Couleur ajoutée !",
    updated: "Couleur mise à jour !",
    deleted: "Couleur supprimée.",
    duplicate: "Une couleur porte déjà ce nom.",
    notFound: "Cette couleur n'existe plus.",
  },
  materials: {
    added: "Matière ajoutée !",
    updated: "Matière mise à jour !",
    deleted: "Matière supprimée.",
    duplicate: "Une matière porte déjà ce nom.",
    notFound: "Cette matière n'existe plus.",
  },
  pearl_types: {
    added: "Type de perle ajouté !",
    updated: "Type de perle mis à jour !",
    deleted: "Type de perle supprimé.",
    duplicate: "Un type de perle porte déjà ce nom.",
    notFound: "Ce type de perle n'existe plus.",
  },
};
