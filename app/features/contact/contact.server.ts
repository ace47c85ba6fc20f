/**
 * Contact messages (docs/product.md §10.4: stored for the admin's inbox and mailed to the shop, unless
 * that e-mail is switched off, §10.20). The mail is queued and best effort: the stored message is
 * what counts, so a mail failure is logged, not shown.
 */

import { notifyContactMessage } from "~/features/settings/seller-notifications.server";
import type { DB } from "~/server/database.server";
import { newId } from "~/server/ids.server";
import type { Mailer } from "~/server/mail.server";
import type { ContactOrderLine } from "./contact-schema";

export interface ContactMessageInput {
  name: string;
  email: string;
  message: string;
  userId: string | null;
  order?: ContactOrderLine[] | null;
}

export async function saveContactMessage(
  db: DB,
  mailer: Mailer,
  shop: { shopName: string; email: string },
  input: ContactMessageInput,
): Promise<string> {
  const id = newId();
  await db
    .insertInto("contact_messages")
    .values({
      id,
      name: input.name,
      email: input.email,
      message: input.message,
      user_id: input.userId,
      order_details: input.order ? JSON.stringify(input.order) : null,
    })
    .execute();
  await notifyContactMessage({ db, mailer }, shop, input);
  return id;
}
