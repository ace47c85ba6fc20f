/**
 * The whole URL map (docs/product.md §2), in French paths, grouped: shop, account, admin, shopping
 * feeds, api.
 *
 * Answered ahead of React Router by the Express app (app/server/http-app.server.ts), so not in the
 * table below:
 *   GET /healthz                the probe of the service manager and the proxy: 200, or 503 when
 *                               the database does not answer
 *   GET /api/disponibilite?id=  which pieces of the order form can still be ordered
 *                               (features/basket/availability-endpoint.server.ts)
 *   GET /api/recherche?q=       the header's search suggestions
 *                               (features/search/suggestions-endpoint.server.ts)
 *   GET /api/panier             the visitor's cart and favourites in JSON; its POST is the
 *                               route below (features/basket/basket-read-endpoint.server.ts)
 *   POST /alertes/desinscription/:jeton   RFC 8058's one-click unsubscription, before the Origin
 *                               check (features/alerts/one-click-endpoint.server.ts, ADR 033)
 * and the static files of public/ and of the build.
 */
import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  // Shop (public)
  index("routes/shop/home.tsx"),
  route("a-propos", "routes/shop/about.tsx"),
  route("catalogue", "routes/shop/catalogue.tsx"),
  route("catalogue/produit/:slug", "routes/shop/product.tsx"),
  route("galerie", "routes/shop/gallery.tsx"),
  route("galerie/vendu/:slug", "routes/shop/sold-item.tsx"),
  route("agenda", "routes/shop/agenda.tsx"),
  route("contact", "routes/shop/contact.tsx"),
  route("recherche", "routes/shop/search.tsx"),
  route("alertes", "routes/shop/alerts.tsx"),
  route("alertes/confirmer/:jeton", "routes/shop/alerts-confirm.tsx"),
  // Its POST (RFC 8058 one-click) is answered ahead of React Router (one-click-endpoint.server.ts).
  route("alertes/desinscription/:jeton", "routes/shop/alerts-unsubscribe.tsx"),
  route("commande/:jeton", "routes/shop/order-tracking.tsx"),
  route("commande/:jeton/confirmer", "routes/shop/order-confirmation.tsx"),
  route("commande/:jeton/documents/:numero", "routes/shop/order-document.ts"),
  route("commande/:jeton/retractation", "routes/shop/order-withdrawal.tsx"),
  route("commande/:jeton/annuler", "routes/shop/order-cancel.tsx"),
  route("retractation", "routes/shop/withdrawal.tsx"),
  route("mentions-legales", "routes/shop/legal-notice.tsx"),
  route("politique-de-confidentialite", "routes/shop/privacy-policy.tsx"),
  route("cgv", "routes/shop/terms-of-sale.tsx"),
  route("cgv/versions/:numero", "routes/shop/terms-of-sale-version.tsx"),
  route("cgv/versions/:numero/pdf", "routes/shop/terms-of-sale-pdf.ts"),
  route("formulaire-retractation.pdf", "routes/shop/withdrawal-form-pdf.ts"),

  // Account
  route("auth", "routes/account/auth.tsx"),
  route("mon-compte", "routes/account/account.tsx"),
  route("mon-compte/mes-donnees", "routes/account/my-data.ts"),
  route("mon-compte/documents/:numero", "routes/account/my-document.ts"),
  route("mon-compte/commandes/:id/retractation", "routes/account/order-withdrawal.tsx"),
  route("mon-compte/commandes/:id/annuler", "routes/account/order-cancel.tsx"),
  route("reinitialiser-mot-de-passe", "routes/account/reset-password.tsx"),
  route("deconnexion", "routes/account/logout.ts"),

  // Admin (role admin; the layout guards every child)
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/overview.tsx"),
      route("commandes", "routes/admin/orders.tsx"),
      route("commandes/:id", "routes/admin/order.tsx"),
      route("produits", "routes/admin/products.tsx"),
      route("categories", "routes/admin/categories.tsx"),
      route("filtres", "routes/admin/filters.tsx"),
      route("agenda", "routes/admin/events.tsx"),
      route("avis", "routes/admin/reviews.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("contacts", "routes/admin/contact-inbox.tsx"),
      route("utilisateurs", "routes/admin/users.tsx"),
      route("mon-compte", "routes/admin/my-account.tsx"),
      route("parametres", "routes/admin/settings.tsx"),
      route("statistiques", "routes/admin/statistics.tsx"),
    ]),
    // Downloads of invoices and credit notes (PDF, ZIP, CSV): resource routes, each guarded itself.
    route("documents/export", "routes/admin/documents-export.ts"),
    route("documents/:numero", "routes/admin/document.ts"),
  ]),

  // Shopping feeds (public files for Google Merchant Center's and Meta's crawlers, docs/product.md §10.28)
  route("flux/google.xml", "routes/api/feed-google.ts"),
  route("flux/meta.csv", "routes/api/feed-meta.ts"),

  // API and resources
  route("api/auth/*", "routes/api/auth.ts"),
  route("api/moi", "routes/api/me.ts"),
  // Every visitor's cart and favourites, a guest's under the `nacre_panier` cookie (ADR 032).
  route("api/panier", "routes/api/cart.ts"),
  route("api/chat", "routes/api/chat.ts"),
  route("api/chat/flux", "routes/api/chat-stream.ts"),
  route("images/:folder/:file", "routes/api/images.ts"),
  route("sitemap.xml", "routes/api/sitemap.ts"),
  route("robots.txt", "routes/api/robots.ts"),
  // The dashboard's commands are its pages' actions (ADR 013, ADR 020); these three are not:
  // saves with files (XMLHttpRequest, for the upload's progress), the inline editor's and the
  // manager's reads, and the admin's export of a customer's data (a download link).
  route("api/admin/produits", "routes/api/admin-products.ts"),
  route("api/admin/evenements", "routes/api/admin-events.ts"),
  route("api/admin/utilisateurs/:id/donnees", "routes/api/admin-user-data.ts"),

  // Anything else: the French 404 page
  route("*", "routes/shop/not-found.tsx"),
] satisfies RouteConfig;
