/**
 * Durable mail (docs/product.md §10.13, ADR 025): every e-mail the shop owes is a row of
 * `mail_outbox`, written in the same transaction as the change that owes it, and delivered by the
 * outbox worker (app/server/outbox.server.ts) with retries. A row is claimed before it is sent
 * (`claim_token`, `claimed_until`: a claim of a crashed instance expires and is taken again);
 * `message` holds the whole message as JSON until it is delivered, then is emptied: a short record
 * of what went, to whom and when, stays; a mail that failed after its last try keeps its message for
 * the dashboard's "Renvoyer".
 */
import { type Kysely, sql } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    // What the mail is, in French, for the logs and the dashboard ("confirmation de commande").
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`status in ('pending', 'sending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claim_token", "text")
    .addColumn("claimed_until", "text")
    .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("mail_outbox_due_idx")
    .on("mail_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("mail_outbox").execute();
}
