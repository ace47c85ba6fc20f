/**
 * Invoices and credit notes (docs/product.md §10.25, ADR 026). A paid order gets an invoice
 * (`FAC-<year>-<rank>`), a refund a credit note (`AV-<year>-<rank>`) naming the invoice it corrects;
 * each kind has its own unbroken yearly sequence, counted in `invoice_counters` (one row per year and
 * kind, incremented inside the transaction that issues the document). A document is immutable: what
 * it says (seller, customer, lines, totals, VAT mention, dates) is a snapshot in `document`, so a
 * later change of the settings or of the order never alters it, and it outlives the order's
 * anonymisation (ADR 023): invoices are kept ten years (Code de commerce L123-22). An order that has
 * a document cannot be deleted (no cascade).
 *
 * The legal settings gain the VAT franchise switch (art. 293 B du CGI, on by default: a small
 * seller) and the rate applied when it is off (in basis points, 2000 = 20 %).
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("invoice_counters")
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('facture', 'avoir')`))
    .addColumn("last", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("invoice_counters_pk", ["year", "kind"])
    .execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('facture', 'avoir')`))
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("rank", "integer", (c) => c.notNull().check(sql`rank > 0`))
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    // A credit note's invoice; null on an invoice.
    .addColumn("invoice_id", "text", (c) => c.references("invoices.id"))
    .addColumn("issued_at", "text", (c) => c.notNull())
    // The payment date of an invoice, the refund date of a credit note.
    .addColumn("settled_at", "text", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn("vat_cents", "integer", (c) => c.notNull().check(sql`vat_cents >= 0`))
    // The document as issued (JSON), from which its PDF is drawn.
    .addColumn("document", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("invoices_year_rank_idx")
    .on("invoices")
    .columns(["kind", "year", "rank"])
    .unique()
    .execute();
  await db.schema.createIndex("invoices_order_idx").on("invoices").column("order_id").execute();
  // One invoice per order, whatever races.
  await db.schema
    .createIndex("invoices_one_per_order_idx")
    .on("invoices")
    .column("order_id")
    .unique()
    .where(sql.ref("kind"), "=", "facture")
    .execute();
  await db.schema.createIndex("invoices_invoice_idx").on("invoices").column("invoice_id").execute();

  await db.schema
    .alterTable("shop_settings")
    .addColumn("vat_franchise", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable("shop_settings")
    .addColumn("vat_rate_bp", "integer", (c) => c.notNull().defaultTo(2000))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("shop_settings").dropColumn("vat_rate_bp").execute();
  await db.schema.alterTable("shop_settings").dropColumn("vat_franchise").execute();
  await db.schema.dropTable("invoices").execute();
  await db.schema.dropTable("invoice_counters").execute();
}
