/**
 * An order's pieces as its e-mails show them (docs/product.md §10.13): each line's name, quantity
 * and price, with the piece's first picture (its square thumbnail, an absolute link to the served
 * size) and a link to its page while it is still in the catalogue.
 */
import type { MailPiece } from "~/features/mail/mail-template";
import { formatPrice } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import type { DB } from "~/server/database.server";
import type { OrderLineView } from "./order-types";

/** The first picture of each piece still in the catalogue, by piece id. */
export async function firstPictures(db: DB, productIds: readonly string[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("product_images")
    .select(["product_id", "file_name", "position"])
    .where("product_id", "in", [...productIds])
    .orderBy("product_id")
    .orderBy("position")
    .execute();
  const first = new Map<string, string>();
  for (const row of rows) if (!first.has(row.product_id)) first.set(row.product_id, row.file_name);
  return first;
}

export function linePrice(line: Pick<OrderLineView, "unitPriceCents" | "quantity">): string {
  return line.unitPriceCents === null
    ? formatPrice(null)
    : `${formatPrice(line.unitPriceCents)} l'unité, soit ${formatPrice(line.unitPriceCents * line.quantity)}`;
}

export function mailPieces(
  lines: readonly OrderLineView[],
  pictures: ReadonlyMap<string, string>,
  publicUrl: string,
  noteOf: (line: OrderLineView) => string = () => "",
): MailPiece[] {
  return lines.map((line) => {
    const picture = line.productId ? pictures.get(line.productId) : undefined;
    const note = noteOf(line);
    return {
      name: line.name,
      quantity: line.quantity,
      price: linePrice(line),
      ...(note ? { note } : {}),
      ...(picture ? { imageUrl: `${publicUrl}${imageUrl("products", picture, "thumb")}` } : {}),
      ...(line.productId ? { url: `${publicUrl}/catalogue/produit/${line.slug}` } : {}),
    };
  });
}
