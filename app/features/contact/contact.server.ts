/**
 * Contact messages (docs/product.md §10.4: stored for the admin's inbox and mailed to the shop, unless
 * that e-mail is switched off, §10.20). The mail is recorded in the outbox with the message, in one
 * transaction (ADR 025), and delivered by the outbox worker: a mail failure is retried, never shown
 * to the visitor.
 */

import { notifyContactMessage } from "~/features/settings/seller-notifications.server";
import type { AppContext } from "~/server/context.server";
import { newId } from "~/server/ids.server";
import type { ContactOrderLine } from "./contact-schema";

export interface ContactMessageInput {
  name: string;
  email: string;
  message: string;
  userId: string | null;
  order?: ContactOrderLine[] | null;
}

export async function saveContactMessage(
  ctx: Pick<AppContext, "db" | "outbox" | "env">,
  shop: { shopName: string; email: string },
  input: ContactMessageInput,
): Promise<string> {
  const id = newId();
  await ctx.db.transaction().execute(async (db) => {
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
    await notifyContactMessage({ db, env: ctx.env }, shop, input);
  });
  ctx.outbox.nudge();
  return id;
}
