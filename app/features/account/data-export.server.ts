/**
 * 'Télécharger mes données' (docs/product.md §10.21): everything the shop holds about one account,
 * as one JSON document, for the customer from /mon-compte or for an admin answering a request
 * received by post or e-mail. Only this account's own data: the other side of a conversation is
 * 'boutique', never an admin's name; never a password hash, a session, a token or a private link
 * (the order's tracking token and payment link), nor the seller's internal note on an order.
 *
 * The document (French keys, as the customer reads it):
 * - `format`: "nacre-mes-donnees/1"; `exporte_le`: ISO time of the export.
 * - `compte`: `id`, `nom`, `nom_utilisateur`, `email`, `email_verifie`, `telephone`, `code_postal`,
 *   `role` ("client" | "administrateur"), `email_visible` (shown to the shop's admins),
 *   `cree_le`, `modifie_le`, `derniere_activite_le` (ISO times, null when none), `avatar` (the
 *   picture's file name, null when none).
 * - `panier`: lines `{ piece, lien, prix_unitaire_centimes, quantite, ajoute_le }`.
 * - `favoris`: `{ piece, lien, prix_centimes, ajoute_le }`.
 * - `avis`: `{ note, commentaire, approuve, date }` or null.
 * - `messages`: the support conversation, `{ expediteur: "moi" | "boutique", texte, date }`.
 * - `commandes`: `{ numero, statut, statut_libelle, creee_le, modifiee_le, client: { nom, email,
 *   telephone }, message, livraison: { mode, libelle, adresse, code_postal, ville, evenement },
 *   lignes: [{ piece, quantite, prix_unitaire_centimes }], total_centimes, numero_de_suivi,
 *   etapes: [{ statut, libelle, date, numero_de_suivi }], retractation: { declaree_le, nom, email,
 *   motif, pieces, retour_recu_le, remboursee_le, montant_rembourse_centimes } or null }`.
 * - `messages_de_contact`: `{ nom, email, message, date, commande }` (the pieces asked for, if any).
 * - `alertes_nouvelles_creations`: the « Nouvelles créations » subscription of the account's e-mail
 *   (docs/product.md §10.30), `{ email, categories, inscrit_le, confirme_le, consentement: { texte,
 *   version, donne_le } }`, or null.
 * Prices are in euro cents, as stored.
 */
import { subscriptionForExport } from "~/features/alerts/alerts.server";
import { DELIVERY_LABELS, DELIVERY_ZONE_LABELS } from "~/features/delivery/delivery-types";
import { listOrdersOfUser } from "~/features/orders/orders.server";
import { withdrawalsForExport } from "~/features/withdrawal/withdrawal.server";
import type { DB } from "~/server/database.server";

export const DATA_EXPORT_FORMAT = "nacre-mes-donnees/1";

/** The downloaded file's name, dated in UTC like every stored time. */
export function dataExportFileName(now: Date): string {
  return `nacre-mes-donnees-${now.toISOString().slice(0, 10)}.json`;
}

function productLink(slug: string): string | null {
  return slug ? `/catalogue/produit/${slug}` : null;
}

function parseOrderDetails(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The account's data, or null when there is no such account. */
export async function exportUserData(db: DB, userId: string, now = new Date()) {
  const user = await db
    .selectFrom("users")
    .select([
      "id",
      "name",
      "username",
      "email",
      "email_verified",
      "phone_number",
      "postal_code",
      "role",
      "email_visibility",
      "image",
      "created_at",
      "updated_at",
      "last_active_at",
    ])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;

  const [cart, favourites, review, chat, orders, contacts] = await Promise.all([
    db
      .selectFrom("cart_items")
      .select(["product_name", "product_slug", "product_price_cents", "quantity", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("user_favorites")
      .select(["product_name", "product_slug", "product_price_cents", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("reviews")
      .select(["rating", "comment", "is_approved", "created_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    // Only the customer's own conversation: what they said, and what the shop answered them.
    db
      .selectFrom("chat_messages as m")
      .innerJoin("chats as c", "c.id", "m.chat_id")
      .select(["m.sender_id", "m.sender_role", "m.content", "m.created_at"])
      .where("c.user_id", "=", userId)
      .orderBy("m.created_at")
      .orderBy("m.id")
      .execute(),
    listOrdersOfUser(db, userId),
    db
      .selectFrom("contact_messages")
      .select(["name", "email", "message", "created_at", "order_details"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  // The declaration of withdrawal the customer made (docs/product.md §10.24), with its order.
  const withdrawals = await withdrawalsForExport(
    db,
    orders.map((order) => order.id),
  );

  const alerts = await subscriptionForExport(db, user.email);

  return {
    format: DATA_EXPORT_FORMAT,
    exporte_le: now.toISOString(),
    compte: {
      id: user.id,
      nom: user.name,
      nom_utilisateur: user.username,
      email: user.email,
      email_verifie: Number(user.email_verified) === 1,
      telephone: user.phone_number,
      code_postal: user.postal_code,
      role: user.role === "admin" ? "administrateur" : "client",
      email_visible: Number(user.email_visibility) === 1,
      cree_le: user.created_at,
      modifie_le: user.updated_at,
      derniere_activite_le: user.last_active_at ?? null,
      avatar: user.image,
    },
    panier: cart.map((line) => ({
      piece: line.product_name,
      lien: productLink(line.product_slug),
      prix_unitaire_centimes: line.product_price_cents,
      quantite: Number(line.quantity),
      ajoute_le: line.created_at,
    })),
    favoris: favourites.map((line) => ({
      piece: line.product_name,
      lien: productLink(line.product_slug),
      prix_centimes: line.product_price_cents,
      ajoute_le: line.created_at,
    })),
    avis: review
      ? {
          note: Number(review.rating),
          commentaire: review.comment,
          approuve: Number(review.is_approved) === 1,
          date: review.created_at,
        }
      : null,
    messages: chat.map((message) => ({
      // A message the account wrote is 'moi'; everything else in its conversation is the shop's.
      expediteur: message.sender_role === "user" && message.sender_id === userId ? "moi" : "boutique",
      texte: message.content,
      date: message.created_at,
    })),
    commandes: orders.map((order) => ({
      numero: order.number,
      statut: order.status,
      statut_libelle: order.statusLabel,
      creee_le: order.createdAt,
      modifiee_le: order.updatedAt,
      client: { nom: order.customerName, email: order.email, telephone: order.phone },
      message: order.message,
      livraison: {
        mode: order.delivery.method,
        libelle: DELIVERY_LABELS[order.delivery.method],
        adresse: order.delivery.addressLine,
        code_postal: order.delivery.postalCode,
        ville: order.delivery.city,
        // The zone and the delivery's cost recorded with the order (ADR 028); null: « sur devis ».
        zone: DELIVERY_ZONE_LABELS[order.delivery.zone],
        frais_centimes: order.deliveryCents,
        evenement: order.delivery.eventTitle || null,
      },
      lignes: order.lines.map((line) => ({
        piece: line.name,
        quantite: line.quantity,
        prix_unitaire_centimes: line.unitPriceCents,
      })),
      total_centimes: order.totalCents,
      numero_de_suivi: order.trackingNumber || null,
      // Who moved the order is the shop's business (an admin's name): only what happened, and when.
      etapes: order.steps.map((step) => ({
        statut: step.status,
        libelle: step.label,
        date: step.at,
        numero_de_suivi: step.status === "expediee" && step.detail ? step.detail : null,
      })),
      retractation: withdrawals.get(order.id) ?? null,
    })),
    messages_de_contact: contacts.map((contact) => ({
      nom: contact.name,
      email: contact.email,
      message: contact.message,
      date: contact.created_at,
      commande: parseOrderDetails(contact.order_details),
    })),
    alertes_nouvelles_creations: alerts
      ? {
          email: alerts.email,
          categories: alerts.categories,
          inscrit_le: alerts.createdAt,
          confirme_le: alerts.confirmedAt,
          consentement: {
            texte: alerts.consent.text,
            version: alerts.consent.version,
            donne_le: alerts.consent.givenAt,
          },
        }
      : null,
  };
}

export type UserDataExport = NonNullable<Awaited<ReturnType<typeof exportUserData>>>;

/** The export as a download: JSON, named by date, never stored by a cache. */
export function dataExportResponse(document: UserDataExport, now = new Date()): Response {
  return new Response(`${JSON.stringify(document, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${dataExportFileName(now)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
