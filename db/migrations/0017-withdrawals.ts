/**
 * Withdrawals (docs/product.md §10.24, ADR 027): a customer's declaration of withdrawal from a paid
 * order, made with the shop's withdrawal function (Code de la consommation L221-21, D221-5), and the
 * seller's steps that follow it — the return received, then the refund (L221-24).
 *
 * One row per order at most (a contract is withdrawn from once): `line_ids` is the JSON array of the
 * order lines the declaration names (all of them by default). Timestamps are ISO-8601 with
 * milliseconds, like the orders' (migration 0009); `refunded_at` is the day the seller says the
 * refund was made, at noon UTC, so it reads as that calendar day in Paris.
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("order_withdrawals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
    .addColumn("line_ids", "text", (c) => c.notNull())
    .addColumn("customer_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("declared_at", "text", (c) => c.notNull())
    .addColumn("return_received_at", "text")
    .addColumn("refunded_at", "text")
    .addColumn("refund_cents", "integer", (c) => c.check(sql`refund_cents >= 0`))
    .execute();
  // The overdue refunds (docs/product.md §10.24): not refunded, declared long enough ago.
  await db.schema
    .createIndex("order_withdrawals_refund_idx")
    .on("order_withdrawals")
    .columns(["refunded_at", "declared_at"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_withdrawals").execute();
}
