/**
 * The product commands that carry no file (sale status, deletion): the action of /admin/produits.
 * Saves, which may carry images, go to POST /api/admin/produits (ADR 020).
 */

import { PRODUCT_MESSAGES } from "~/features/catalogue/catalogue-messages";
import { deleteProduct, setProductSold } from "~/features/catalogue/product-admin.server";
import { runAdminCommand } from "~/server/admin-command.server";
import { getAppContext } from "~/server/context.server";
import { productActionSchema } from "./product-schema";

export function runProductCommand(form: FormData) {
  return runAdminCommand(form, {
    schema: productActionSchema,
    apply: (command) => {
      const ctx = getAppContext();
      return command.intent === "set-sold"
        ? setProductSold(ctx.db, command.id, command.sold === "true")
        : deleteProduct(ctx, command.id);
    },
    failure: (command) =>
      command.intent === "set-sold" ? PRODUCT_MESSAGES.statusFailed : PRODUCT_MESSAGES.deleteFailed,
    label: "Action produit impossible",
  });
}
