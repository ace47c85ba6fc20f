/** The site's sections (docs/product.md §2 "Header and footer"), in the header's and the footer's order. */
export const NAV_LINKS = [
  { to: "/", label: "Accueil" },
  { to: "/a-propos", label: "À propos" },
  { to: "/catalogue", label: "Catalogue" },
  { to: "/galerie", label: "Galerie" },
  { to: "/agenda", label: "Agenda" },
  { to: "/contact", label: "Contact" },
] as const;
