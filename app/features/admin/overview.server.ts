/** The dashboard overview (docs/product.md §2): counts per section and what waits for the admin. */
import { countNewOrders } from "~/features/orders/orders.server";
import { overdueRefunds } from "~/features/withdrawal/withdrawal.server";
import type { DB } from "~/server/database.server";
import { countUndeliveredMails } from "~/server/outbox.server";

export interface OverviewCounts {
  products: number;
  categories: number;
  events: number;
  reviews: number;
  conversations: number;
  users: number;
  pendingReviews: number;
  unreadChats: number;
  newContactMessages: number;
  /** Orders waiting for the seller's first step (docs/product.md §10.19). */
  newOrders: number;
  /** E-mails that failed after their last try (ADR 025). */
  undeliveredMails: number;
  /** Refunds past their deadline after a withdrawal (docs/product.md §10.24). */
  overdueRefunds: number;
}

export async function getOverviewCounts(db: DB, now: Date = new Date()): Promise<OverviewCounts> {
  const count = async (query: Promise<{ n: number | string | bigint } | undefined>): Promise<number> =>
    Number((await query)?.n ?? 0);
  const all = (table: "products" | "categories" | "events" | "reviews" | "chats" | "users") =>
    count(
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst(),
    );
  const [products, categories, events, reviews, conversations, users] = await Promise.all([
    all("products"),
    all("categories"),
    all("events"),
    all("reviews"),
    all("chats"),
    all("users"),
  ]);
  const [pendingReviews, unreadChats, newContactMessages, newOrders, undeliveredMails, overdue] =
    await Promise.all([
      count(
        db
          .selectFrom("reviews")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("is_approved", "=", 0)
          .executeTakeFirst(),
      ),
      count(
        db
          .selectFrom("chats")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("unread_count_admin", ">", 0)
          .executeTakeFirst(),
      ),
      count(
        db
          .selectFrom("contact_messages")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("is_read", "=", 0)
          .executeTakeFirst(),
      ),
      countNewOrders(db),
      countUndeliveredMails(db),
      overdueRefunds(db, now),
    ]);
  return {
    products,
    categories,
    events,
    reviews,
    conversations,
    users,
    pendingReviews,
    unreadChats,
    newContactMessages,
    newOrders,
    undeliveredMails,
    overdueRefunds: overdue.length,
  };
}
