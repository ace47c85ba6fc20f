/**
 * Kysely's view of the database created by db/migrations. Flags are 0/1 integers and timestamps
 * ISO-8601 text, as stored; domain modules turn rows into friendly shapes.
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { DeliveryMethod, DeliveryZone } from "~/features/delivery/delivery-types";
import type { InvoiceKind } from "~/features/invoices/invoice-types";
import type { OrderStatus } from "~/features/orders/order-types";

type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  name: Generated<string>;
  email: string;
  email_verified: Generated<Flag>;
  image: string | null;
  created_at: string;
  updated_at: string;
  role: Generated<"user" | "admin" | null>;
  banned: Generated<Flag | null>;
  ban_reason: string | null;
  ban_expires: string | null;
  username: string | null;
  phone_number: string | null;
  postal_code: string | null;
  email_visibility: Generated<Flag>;
  /** ISO time of the account's last activity (docs/product.md §10.21); null: none seen yet. */
  last_active_at: Generated<string | null>;
  /** ISO time the inactivity warning was e-mailed; cleared by any activity. */
  inactivity_warned_at: Generated<string | null>;
}

export interface SessionsTable {
  id: string;
  expires_at: string;
  token: string;
  created_at: string;
  updated_at: string;
  ip_address: string | null;
  user_agent: string | null;
  user_id: string;
  impersonated_by: string | null;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: string | null;
  refresh_token_expires_at: string | null;
  scope: string | null;
  password: string | null;
  created_at: string;
  updated_at: string;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: string;
  created_at: string;
  updated_at: string;
}

/** Better Auth's rate-limit counters (its `rateLimit` model). */
export interface AuthRateLimitsTable {
  id: string;
  key: string;
  count: number;
  /** Milliseconds since the epoch. */
  last_request: number;
}

/** The shop's own fixed-window counters (app/server/rate-limit.server.ts). */
export interface RateLimitsTable {
  scope: string;
  key: string;
  /** Milliseconds since the epoch. */
  window_start: number;
  count: number;
}

export interface NamedTable {
  id: string;
  name: string;
  created_at: Generated<string>;
}

export interface ProductsTable {
  id: string;
  slug: string;
  name: string;
  description: Generated<string>;
  price_cents: number | null;
  stock: Generated<number>;
  is_unique: Generated<Flag>;
  is_sold: Generated<Flag>;
  /** The piece's own safety and care text; empty: the shop's (docs/product.md §2, migration 0015). */
  safety_info: Generated<string>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** The search index (migration 0011, ADR 019): derived from the products, rebuilt at will. */
export interface SearchWordsTable {
  word: string;
  product_id: string;
  /** 3 the name, 2 a category, colour, material or pearl type, 1 the description. */
  weight: number;
}
export interface SearchVocabularyTable {
  word: string;
}
/** Per indexed piece, what ranking needs: sold or not, and its name's sort key (`nameSortKey`). */
export interface SearchPiecesTable {
  product_id: string;
  /** products.is_sold, kept in step by a trigger (migration 0011). */
  is_sold: Generated<Flag>;
  name_key: string;
}
export interface SearchIndexStateTable {
  id: number;
  rules_version: number;
}

export interface ProductImagesTable {
  id: string;
  product_id: string;
  file_name: string;
  position: number;
  width: number;
  height: number;
  created_at: Generated<string>;
}

export interface ProductCategoriesTable {
  product_id: string;
  category_id: string;
}
export interface ProductColorsTable {
  product_id: string;
  color_id: string;
}
export interface ProductMaterialsTable {
  product_id: string;
  material_id: string;
}
export interface ProductPearlTypesTable {
  product_id: string;
  pearl_type_id: string;
}

export interface EventsTable {
  id: string;
  title: string;
  description: Generated<string>;
  start_date: string;
  end_date: string | null;
  location: Generated<string>;
  image: string | null;
  created_at: Generated<string>;
}

export interface ReviewsTable {
  id: string;
  user_id: string;
  rating: number;
  comment: string;
  is_approved: Generated<Flag>;
  created_at: Generated<string>;
}

export interface ChatsTable {
  id: string;
  user_id: string;
  admin_id: string | null;
  last_message: Generated<string>;
  unread_count_user: Generated<number>;
  unread_count_admin: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** ISO time of the last e-mail to the shop about this conversation (docs/product.md §10.20). */
  admin_notified_at: Generated<string | null>;
}

export interface ChatMessagesTable {
  id: string;
  chat_id: string;
  sender_id: string | null;
  sender_role: "user" | "admin";
  content: string;
  message_type: Generated<"text">;
  read_status: Generated<Flag>;
  created_at: Generated<string>;
}

/**
 * A visitor's server basket without an account (ADR 032): named by the cookie `nacre_panier`, of
 * which only the SHA-256 is kept; purged 30 days after its last change (docs/product.md §10.2).
 */
export interface GuestBasketsTable {
  id: string;
  token_hash: string;
  /** ISO 8601, written by the shop. */
  created_at: string;
  updated_at: string;
}

/** Lines keep a snapshot of the piece: product_id becomes NULL if the piece is deleted. */
export interface UserFavoritesTable {
  id: string;
  /** Exactly one owner (migration 0020): an account or a guest basket. */
  user_id: string | null;
  guest_basket_id: string | null;
  product_id: string | null;
  product_name: Generated<string>;
  product_slug: Generated<string>;
  product_price_cents: number | null;
  created_at: Generated<string>;
}

export interface CartItemsTable {
  id: string;
  /** Exactly one owner (migration 0020): an account or a guest basket. */
  user_id: string | null;
  guest_basket_id: string | null;
  product_id: string | null;
  product_name: Generated<string>;
  product_slug: Generated<string>;
  product_price_cents: number | null;
  quantity: Generated<number>;
  created_at: Generated<string>;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  user_id: string | null;
  is_read: Generated<Flag>;
  created_at: Generated<string>;
  /** JSON of ContactOrderLine[] when the message came from 'Contacter pour commander'. */
  order_details: string | null;
}

export interface ShopSettingsTable {
  id: "shop";
  shop_name: string;
  tagline: Generated<string>;
  owner_name: Generated<string>;
  address_line: Generated<string>;
  postal_code: Generated<string>;
  city: Generated<string>;
  phone: Generated<string>;
  phone_href: Generated<string>;
  email: Generated<string>;
  instagram_url: Generated<string>;
  facebook_url: Generated<string>;
  tiktok_url: Generated<string>;
  map_query: Generated<string>;
  siret: Generated<string>;
  legal_form: Generated<string>;
  host_name: Generated<string>;
  host_address: Generated<string>;
  map_latitude: number | null;
  map_longitude: number | null;
  opening_hours: Generated<string>;
  /** How many days an order holds its pieces (docs/product.md §10.19). */
  hold_days: Generated<number>;
  /** Units one client may hold at a time without the seller's approval (ADR 022). */
  hold_cap: Generated<number>;
  /** The seller's e-mails, each kind switchable (docs/product.md §10.20). */
  notify_new_order: Generated<Flag>;
  notify_contact: Generated<Flag>;
  notify_review: Generated<Flag>;
  notify_chat: Generated<Flag>;
  /** ISO time an admin last had the dashboard open. */
  admin_seen_at: string | null;
  /** Months without activity after which a customer account is deleted (docs/product.md §10.21). */
  inactivity_months: Generated<number>;
  /** The consumer mediator the legal pages name (docs/product.md §10.21). */
  mediator_name: Generated<string>;
  mediator_address: Generated<string>;
  mediator_url: Generated<string>;
  /** The default safety and care text of every piece; empty: the built-in one (migration 0015). */
  safety_info: Generated<string>;
  /** Franchise en base de TVA (art. 293 B du CGI): on, invoices carry no VAT (ADR 026). */
  vat_franchise: Generated<Flag>;
  /** The VAT rate when the franchise is off, in basis points (2000 = 20 %); prices include it. */
  vat_rate_bp: Generated<number>;
  /** A parcel's delivery rate per zone (migration 0018, ADR 028); null: « sur devis ». */
  delivery_france_cents: number | null;
  delivery_outre_mer_cents: number | null;
  delivery_ue_cents: number | null;
  delivery_monde_cents: number | null;
  /** From this total of the pieces, delivery is free; null: never. */
  delivery_free_from_cents: number | null;
  /** The account ADMIN_EMAIL made admin at start (ADR 011). */
  configured_admin_id: string | null;
  updated_at: Generated<string>;
}

export type SiteImageKind = "hero" | "inspiration" | "story" | "event";

export interface SiteImagesTable {
  id: string;
  kind: SiteImageKind;
  file_name: string;
  alt: Generated<string>;
  position: number;
  width: number;
  height: number;
}

/**
 * Uploaded originals, on PostgreSQL only (ADR 015): every instance reads them from the database;
 * SQLite shops keep them as files in DATA_DIR/uploads and leave this table empty.
 */
export interface ImageFilesTable {
  file_name: string;
  content: Buffer;
  created_at: Generated<string>;
}

/** One counter per year for readable order numbers (NAC-2026-0042). */
export interface OrderCountersTable {
  year: number;
  last: number;
}

/** An order (docs/product.md §10.19). Timestamps are ISO-8601 with milliseconds. */
export interface OrdersTable {
  id: string;
  number: string;
  tracking_token: string;
  user_id: string | null;
  status: Generated<OrderStatus>;
  customer_name: string;
  email: string;
  phone: Generated<string>;
  delivery_method: DeliveryMethod;
  address_line: Generated<string>;
  postal_code: Generated<string>;
  city: Generated<string>;
  event_id: string | null;
  event_title: Generated<string>;
  event_start: string | null;
  message: Generated<string>;
  total_cents: number;
  /** Until then, the lines of an open order (nouvelle, lien_envoye) hold their units. */
  hold_expires_at: string;
  payment_url: string | null;
  tracking_number: string | null;
  internal_note: Generated<string>;
  created_at: string;
  updated_at: string;
  /** When the customer confirmed the e-mail address (ADR 022), or the order counted it confirmed. */
  email_confirmed_at: string | null;
  /**
   * SHA-256 (hex) of the single-use confirmation token e-mailed; while set, the order is unconfirmed
   * (held two hours); null once used, or when the address needed no link.
   */
  confirm_token_hash: string | null;
  /** When the seller accepted the lines held beyond the client's cap (ADR 022). */
  approved_at: string | null;
  /** The e-mail normalised (ADR 022): one client, whatever its spelling. */
  email_key: Generated<string>;
  /** The network address that placed the order, as the shop saw it. */
  client_address: Generated<string>;
  /** The CGV version in force when the order was paid, i.e. concluded (migration 0019, ADR 029). */
  cgv_version: number | null;
  /** Where a parcel goes (migration 0018, ADR 028); France métropolitaine for the orders before it. */
  delivery_zone: Generated<DeliveryZone>;
  /** The delivery's cost, included in total_cents; null until known: « sur devis » (ADR 028). */
  delivery_cents: number | null;
}

/** A published text of the CGV, kept as it was (migration 0019, ADR 029). */
export interface CgvVersionsTable {
  number: number;
  title: string;
  lead: string;
  /** The filled Markdown: preamble, then each `## Title {#anchor}` section. */
  markdown: string;
  /** SHA-256 (hex) of title, lead and Markdown: a new version when it changes. */
  content_hash: string;
  effective_at: string;
}

/** A piece of an order at the price of that moment; product_id becomes NULL if the piece is deleted. */
export interface OrderLinesTable {
  id: string;
  order_id: string;
  product_id: string | null;
  product_name: string;
  product_slug: string;
  /** Null: a piece ordered on request, until the seller fixes its price (migration 0014). */
  unit_price_cents: number | null;
  quantity: number;
  position: number;
  /** Units of the line not held, waiting for the seller's approval (ADR 022); 0: all held. */
  waiting_quantity: Generated<number>;
}

/** One step of an order's history: the status it reached, when, and by which admin (none: the customer). */
export interface OrderEventsTable {
  id: string;
  order_id: string;
  status: OrderStatus;
  admin_id: string | null;
  admin_name: Generated<string>;
  /** The payment link or tracking number given with the step, if any. */
  detail: Generated<string>;
  created_at: string;
}

/** E-mail addresses that may not order (ADR 022), blocked by the seller from an order's page. */
export interface BlockedEmailsTable {
  email_key: string;
  email: string;
  order_number: Generated<string>;
  created_at: string;
}

/** One counter per year and kind: FAC-2026-0001 and AV-2026-0001 are two unbroken sequences (ADR 026). */
export interface InvoiceCountersTable {
  year: number;
  kind: InvoiceKind;
  last: number;
}

/**
 * An invoice or a credit note (ADR 026), immutable once issued: `document` is the snapshot its PDF is
 * drawn from (JSON of InvoiceDocument), the other columns what lists and exports read.
 */
export interface InvoicesTable {
  id: string;
  kind: InvoiceKind;
  number: string;
  year: number;
  rank: number;
  order_id: string;
  /** The invoice a credit note corrects; null on an invoice. */
  invoice_id: string | null;
  issued_at: string;
  /** When the order was paid (an invoice) or refunded (a credit note). */
  settled_at: string;
  /** All taxes included; a credit note's is the amount refunded (positive). */
  total_cents: number;
  vat_cents: number;
  document: string;
}

/**
 * A customer's withdrawal from a paid order (docs/product.md §10.24, ADR 027), then the seller's
 * steps: the return received, the refund. One per order.
 */
export interface OrderWithdrawalsTable {
  id: string;
  order_id: string;
  /** JSON array of the order_lines ids the declaration names. */
  line_ids: string;
  customer_name: string;
  /** Where the acknowledgement went (the customer may give another address than the order's). */
  email: string;
  reason: Generated<string>;
  declared_at: string;
  return_received_at: string | null;
  /** The day the seller made the refund (noon UTC of that calendar day). */
  refunded_at: string | null;
  refund_cents: number | null;
}

export type MailStatus = "pending" | "sending" | "sent" | "failed";

/**
 * An e-mail the shop owes (ADR 025): recorded with the change that owes it, delivered by the outbox
 * worker. `message` is the MailMessage as JSON until delivery, then ''.
 */
export interface MailOutboxTable {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  message: string;
  status: Generated<MailStatus>;
  attempts: Generated<number>;
  /** ISO time from which a pending mail may be tried (the backoff after a failure). */
  next_attempt_at: string;
  claim_token: string | null;
  /** ISO time a 'sending' claim ends: past it, another worker may take the mail again. */
  claimed_until: string | null;
  last_error: Generated<string>;
  created_at: string;
  sent_at: string | null;
}

/** « Nouvelles créations » subscribers (migration 0021, ADR 033). */
export interface AlertSubscriptionsTable {
  id: string;
  email: string;
  /** JSON array of category ids; [] means every category. */
  categories: Generated<string>;
  confirmed_at: string | null;
  /** SHA-256 of the pending confirmation link's token. */
  pending_token_hash: string | null;
  pending_categories: string | null;
  pending_expires_at: string | null;
  consent_text: string;
  consent_version: string;
  consent_at: string;
  created_at: string;
}
/** Pieces published since the last digest (migration 0021). */
export interface AlertPiecesTable {
  product_id: string;
  published_at: string;
  announced_at: string | null;
}
export interface AlertStateTable {
  id: string;
  paused: Generated<Flag>;
  last_digest_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  auth_rate_limits: AuthRateLimitsTable;
  rate_limits: RateLimitsTable;
  categories: NamedTable;
  colors: NamedTable;
  materials: NamedTable;
  pearl_types: NamedTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_categories: ProductCategoriesTable;
  product_colors: ProductColorsTable;
  product_materials: ProductMaterialsTable;
  product_pearl_types: ProductPearlTypesTable;
  events: EventsTable;
  reviews: ReviewsTable;
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
  guest_baskets: GuestBasketsTable;
  user_favorites: UserFavoritesTable;
  cart_items: CartItemsTable;
  contact_messages: ContactMessagesTable;
  shop_settings: ShopSettingsTable;
  site_images: SiteImagesTable;
  image_files: ImageFilesTable;
  order_counters: OrderCountersTable;
  orders: OrdersTable;
  cgv_versions: CgvVersionsTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  search_words: SearchWordsTable;
  search_vocabulary: SearchVocabularyTable;
  search_pieces: SearchPiecesTable;
  search_index_state: SearchIndexStateTable;
  mail_outbox: MailOutboxTable;
  blocked_emails: BlockedEmailsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  order_withdrawals: OrderWithdrawalsTable;
  stats_daily: StatsDailyTable;
  alert_subscriptions: AlertSubscriptionsTable;
  alert_pieces: AlertPiecesTable;
  alert_state: AlertStateTable;
}

/**
 * The shop's daily figures (ADR 034): `kind` is one of STAT_KINDS (features/stats/stat-kinds.ts),
 * `key` a page, a piece's slug, a referring domain or an empty search ('' when the figure has none).
 */
export interface StatsDailyTable {
  day: string;
  kind: string;
  key: string;
  count: number;
}

export type ReferenceTable = "categories" | "colors" | "materials" | "pearl_types";
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type User = Selectable<UsersTable>;
export type ShopSettingsRow = Selectable<ShopSettingsTable>;
