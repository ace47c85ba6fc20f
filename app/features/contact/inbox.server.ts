/** The admin's contact inbox: messages from the contact form, newest first, with any order they carried. */
import { sql } from "kysely";
import type { DB } from "~/server/database.server";
import { INBOX_MESSAGES, type InboxAction } from "./contact-inbox-schema";
import { type ContactOrderLine, parseContactOrder } from "./contact-schema";

export interface InboxMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  order: ContactOrderLine[] | null;
}

export type InboxResult = { ok: true; message: string } | { ok: false; status: number; error: string };

const toIso = (stored: string) =>
  /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(stored) ? `${stored.replace(" ", "T")}Z` : stored;

export async function listContactMessages(db: DB): Promise<InboxMessage[]> {
  const rows = await db
    .selectFrom("contact_messages")
    .select(["id", "name", "email", "message", "is_read", "created_at", "order_details"])
    .orderBy("created_at", "desc")
    .orderBy(sql`rowid`, "desc")
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    isRead: row.is_read === 1,
    createdAt: toIso(row.created_at),
    order: parseContactOrder(row.order_details ?? undefined),
  }));
}

export async function applyInboxAction(db: DB, action: InboxAction): Promise<InboxResult> {
  return db.transaction().execute(async (trx): Promise<InboxResult> => {
    if (action.intent === "set-read") {
      const result = await trx
        .updateTable("contact_messages")
        .set({ is_read: action.read ? 1 : 0 })
        .where("id", "=", action.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0)
        return { ok: false, status: 404, error: INBOX_MESSAGES.notFound };
      return { ok: true, message: action.read ? INBOX_MESSAGES.markedRead : INBOX_MESSAGES.markedUnread };
    }
    const result = await trx.deleteFrom("contact_messages").where("id", "=", action.id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      return { ok: false, status: 404, error: INBOX_MESSAGES.notFound };
    return { ok: true, message: INBOX_MESSAGES.deleted };
  });
}
