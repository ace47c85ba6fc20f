/**
 * The seller's « Remboursement » (docs/product.md §10.25): a refund recorded on an order's page issues
 * a credit note against the order's invoice and tells the customer by e-mail, where to download it,
 * in one transaction (the e-mail is recorded in the outbox with it, ADR 025).
 */
import { composeMail } from "~/features/mail/compose-mail.server";
import { greetingFor } from "~/features/mail/mail-template";
import { dayMonthYear } from "~/lib/dates";
import { formatPrice } from "~/lib/format";
import type { AppContext } from "~/server/context.server";
import { recordMail } from "~/server/outbox.server";
import { type InvoiceRefusal, type IssuedCreditNote, issueCreditNote } from "./invoices.server";

export interface RefundRequest {
  amountCents: number;
  /** YYYY-MM-DD, as the form's date field gives it. */
  refundedAt: string;
  reason: string;
}

export async function recordRefund(
  ctx: Pick<AppContext, "db" | "outbox" | "env">,
  orderId: string,
  refund: RefundRequest,
  now: Date = new Date(),
): Promise<IssuedCreditNote | InvoiceRefusal> {
  const done = await ctx.db.transaction().execute(async (trx) => {
    const issued = await issueCreditNote(trx, { orderId, ...refund, now });
    if (!issued.ok) return issued;
    const order = await trx
      .selectFrom("orders")
      .select(["email", "customer_name", "number", "tracking_token"])
      .where("id", "=", orderId)
      .executeTakeFirstOrThrow();
    const shop = await trx
      .selectFrom("shop_settings")
      .select("shop_name")
      .where("id", "=", "shop")
      .executeTakeFirst();
    // An anonymised order (ADR 023) has no address left to write to.
    if (order.email) {
      const shopName = shop?.shop_name || "Nacre";
      await recordMail(
        trx,
        composeMail({
          to: order.email,
          subject: `${shopName} — remboursement de votre commande ${order.number}`,
          brand: { shopName, publicUrl: ctx.env.PUBLIC_URL },
          title: `Remboursement de votre commande ${order.number}`,
          preview: `${formatPrice(refund.amountCents)} remboursés, avoir ${issued.number}`,
          greeting: greetingFor(order.customer_name),
          blocks: [
            { kind: "text", lines: [`Nous vous avons remboursé votre commande ${order.number}.`] },
            {
              kind: "facts",
              rows: [
                ["Montant remboursé", formatPrice(refund.amountCents)],
                ["Date du remboursement", dayMonthYear(refund.refundedAt)],
                ["Avoir", issued.number],
                ["Facture rectifiée", issued.invoiceNumber],
              ],
            },
            {
              kind: "action",
              intro: "L'avoir est à télécharger sur la page de votre commande :",
              label: "Voir ma commande",
              url: `${ctx.env.PUBLIC_URL}/commande/${order.tracking_token}`,
            },
          ],
          signature: "Ia ora na, à bientôt sur Nacre.",
        }),
        "avoir",
      );
    }
    return issued;
  });
  if (done.ok) ctx.outbox.nudge();
  return done;
}
