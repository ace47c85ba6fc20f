/**
 * The « Nouvelles créations » digest (docs/product.md §10.30, ADR 033). A piece put on sale — created,
 * or taken back from sold — is noted in `alert_pieces` by the catalogue's save, in its transaction.
 * A pass (every minute while the server runs) sends one digest once DIGEST_DELAY_MINUTES have passed
 * since the LAST noted piece, so a batch of pieces added one after the other goes in one mail, and
 * never sooner than a day after the previous digest. Each confirmed subscriber gets the pieces of
 * the categories they chose (all when none), with a picture, the price and a link.
 *
 * One sender: on PostgreSQL the pass runs under the database-wide try-lock (one instance at a time,
 * the others skip), and the digest's transaction locks the state row, re-reads what is due, marks the
 * pieces announced and records every mail in the outbox (ADR 025) — all committed together or not at
 * all, so a crash loses no digest and a second pass finds nothing left to send.
 */
import { composeMail } from "~/features/mail/compose-mail.server";
import type { MailPiece } from "~/features/mail/mail-template";
import { formatPrice } from "~/lib/format";
import { imageUrl } from "~/lib/images";
import type { AppContext } from "~/server/context.server";
import { type DB, tryWithDatabaseLock } from "~/server/database.server";
import { recordMail } from "~/server/outbox.server";
import { lockingRows } from "../../../db/dialect";
import {
  alertShop,
  listHeaders,
  parseCategories,
  purgeSubscriptions,
  unsubscribeBlock,
  unsubscribeToken,
  unsubscribeUrl,
} from "./alerts.server";

const DAY_MS = 86_400_000;
const STATE_ID = "alerts";
/** How often the pass looks; the digest leaves within this after it is due. */
export const DIGEST_PASS_EVERY_MS = 60_000;

/**
 * Notes a piece put on sale, in the transaction that does it. A piece already noted (announced or
 * waiting) is not noted again: taking it back from sold a second time announces nothing.
 */
export async function notePublishedPiece(db: DB, productId: string, now: Date = new Date()): Promise<void> {
  await db
    .insertInto("alert_pieces")
    .values({ product_id: productId, published_at: now.toISOString(), announced_at: null })
    .onConflict((oc) => oc.column("product_id").doNothing())
    .execute();
}

export type DigestOutcome =
  | { sent: number; pieces: number }
  | { sent: 0; waitingUntil: string }
  | { sent: 0; idle: "pause" | "rien" };

/** When the pending pieces may go: the delay after the last one, a day after the previous digest. */
export function digestDueAt(
  lastPublishedAt: string,
  lastDigestAt: string | null,
  delayMinutes: number,
): Date {
  const afterBatch = Date.parse(lastPublishedAt) + delayMinutes * 60_000;
  const afterPrevious = lastDigestAt ? Date.parse(lastDigestAt) + DAY_MS : 0;
  return new Date(Math.max(afterBatch, afterPrevious));
}

type DigestContext = Pick<AppContext, "db" | "env" | "outbox" | "pool">;

/** One pass: purges what the data lifecycle says, then sends the digest if one is due. */
export async function runDigestPass(ctx: DigestContext, now: Date = new Date()): Promise<DigestOutcome> {
  const settings = await ctx.db
    .selectFrom("shop_settings")
    .select("inactivity_months")
    .where("id", "=", "shop")
    .executeTakeFirst();
  await purgeSubscriptions(ctx.db, now, settings?.inactivity_months ?? 36);
  const shop = await alertShop(ctx.db);
  await ensureState(ctx.db);
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<DigestOutcome> => {
    // Two passes at once (two instances, or a pass and a resume): the second waits here, then
    // finds the pieces already announced.
    const state = await lockingRows(
      trx,
      trx.selectFrom("alert_state").select(["paused", "last_digest_at"]).where("id", "=", STATE_ID),
    ).executeTakeFirst();
    if (!state || state.paused === 1) return { sent: 0, idle: "pause" };
    const waiting = await trx
      .selectFrom("alert_pieces")
      .select(["product_id", "published_at"])
      .where("announced_at", "is", null)
      .execute();
    if (waiting.length === 0) return { sent: 0, idle: "rien" };
    const last = waiting
      .map((piece) => piece.published_at)
      .sort()
      .at(-1) as string;
    const due = digestDueAt(last, state.last_digest_at, ctx.env.DIGEST_DELAY_MINUTES);
    if (now < due) return { sent: 0, waitingUntil: due.toISOString() };

    const at = now.toISOString();
    const ids = waiting.map((piece) => piece.product_id);
    await trx.updateTable("alert_pieces").set({ announced_at: at }).where("product_id", "in", ids).execute();
    await trx.updateTable("alert_state").set({ last_digest_at: at }).where("id", "=", STATE_ID).execute();

    // Sold meanwhile: announced with the rest, shown to nobody.
    const products = await trx
      .selectFrom("products")
      .select(["id", "name", "slug", "price_cents", "created_at"])
      .where("id", "in", ids)
      .where("is_sold", "=", 0)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    if (products.length === 0) return { sent: 0, pieces: 0 };
    const productIds = products.map((product) => product.id);
    const [links, images] = await Promise.all([
      trx
        .selectFrom("product_categories")
        .select(["product_id", "category_id"])
        .where("product_id", "in", productIds)
        .execute(),
      trx
        .selectFrom("product_images")
        .select(["product_id", "file_name", "position"])
        .where("product_id", "in", productIds)
        .orderBy("product_id")
        .orderBy("position")
        .execute(),
    ]);
    const picture = new Map<string, string>();
    for (const image of images)
      if (!picture.has(image.product_id)) picture.set(image.product_id, image.file_name);
    const categoriesOf = new Map<string, Set<string>>();
    for (const link of links) {
      const set = categoriesOf.get(link.product_id) ?? new Set<string>();
      set.add(link.category_id);
      categoriesOf.set(link.product_id, set);
    }
    const publicUrl = ctx.env.PUBLIC_URL;
    const pieces = products.map((product) => {
      const file = picture.get(product.id);
      const piece: MailPiece = {
        name: product.name,
        quantity: 1,
        price: formatPrice(product.price_cents),
        url: `${publicUrl}/catalogue/produit/${product.slug}`,
        ...(file ? { imageUrl: `${publicUrl}${imageUrl("products", file, "thumb")}` } : {}),
      };
      return { id: product.id, piece };
    });

    const subscribers = await trx
      .selectFrom("alert_subscriptions")
      .select(["id", "email", "categories"])
      .where("confirmed_at", "is not", null)
      .orderBy("id")
      .execute();
    let sent = 0;
    for (const subscriber of subscribers) {
      const wanted = parseCategories(subscriber.categories);
      const theirs = pieces.filter(
        ({ id }) => wanted.length === 0 || wanted.some((category) => categoriesOf.get(id)?.has(category)),
      );
      if (theirs.length === 0) continue;
      const url = unsubscribeUrl(publicUrl, unsubscribeToken(ctx.env.AUTH_SECRET, subscriber.id));
      const count = theirs.length;
      const mail = composeMail({
        to: subscriber.email,
        subject:
          count === 1
            ? `Nouvelle création : ${theirs[0]?.piece.name} — ${shop.shopName}`
            : `${count} nouvelles créations — ${shop.shopName}`,
        brand: { shopName: shop.shopName, publicUrl },
        title: count === 1 ? "Une nouvelle création" : "Nouvelles créations",
        preview: theirs.map(({ piece }) => piece.name).join(", "),
        greeting: "Bonjour,",
        blocks: [
          {
            kind: "pieces",
            title: count === 1 ? "Arrivée en boutique :" : "Arrivées en boutique :",
            pieces: theirs.map(({ piece }) => piece),
            rows: [],
          },
          unsubscribeBlock(url),
          {
            kind: "note",
            lines: [
              "Vous recevez cet e-mail parce que vous avez demandé et confirmé l'envoi de nos nouvelles créations.",
            ],
          },
        ],
        signature: `À bientôt sur ${shop.shopName}.`,
      });
      // Stamped with the real time, not the pass's: the outbox delivers what is due by its own clock.
      await recordMail(trx, { ...mail, headers: listHeaders(url, shop.email) }, "alerte nouveautés");
      sent++;
    }
    return { sent, pieces: products.length };
  });
  if (outcome.sent > 0) ctx.outbox.nudge();
  return outcome;
}

/** The pass under the database-wide try-lock: of several instances, one sends, the others skip. */
export async function runDigestPassOnce(ctx: DigestContext, now: Date = new Date()) {
  return tryWithDatabaseLock(ctx, "alertes-nouveautes", () => runDigestPass(ctx, now));
}

/** Passes while the server runs (server.ts), every minute. */
export function startAlertDigestSchedule(ctx: DigestContext, everyMs = DIGEST_PASS_EVERY_MS): () => void {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const outcome = await runDigestPassOnce(ctx);
      if (outcome.taken && outcome.value.sent > 0)
        console.info(`Alertes « Nouvelles créations » : ${outcome.value.sent} e-mail(s) enregistré(s)`);
    } catch (error) {
      console.error(
        `[alertes] passage impossible : ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
      );
    } finally {
      running = false;
    }
  };
  const every = setInterval(pass, everyMs);
  every.unref();
  return () => clearInterval(every);
}

/** The dashboard's « Alertes » card: confirmed subscribers, pause, pieces waiting, last digest. */
export async function alertOverview(db: DB) {
  const [subscribers, state, waiting] = await Promise.all([
    db
      .selectFrom("alert_subscriptions")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("confirmed_at", "is not", null)
      .executeTakeFirst(),
    db
      .selectFrom("alert_state")
      .select(["paused", "last_digest_at"])
      .where("id", "=", STATE_ID)
      .executeTakeFirst(),
    db
      .selectFrom("alert_pieces")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("announced_at", "is", null)
      .executeTakeFirst(),
  ]);
  return {
    confirmedSubscribers: Number(subscribers?.count ?? 0),
    paused: state?.paused === 1,
    lastDigestAt: state?.last_digest_at ?? null,
    waitingPieces: Number(waiting?.count ?? 0),
  };
}

/** The state's one row, made on first use (migration 0021 leaves the table empty). */
async function ensureState(db: DB): Promise<void> {
  await db
    .insertInto("alert_state")
    .values({ id: STATE_ID, paused: 0, last_digest_at: null })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** The seller's « Mettre en pause » / « Reprendre »: while paused no digest leaves; pieces wait. */
export async function setDigestPaused(db: DB, paused: boolean): Promise<void> {
  await db
    .insertInto("alert_state")
    .values({ id: STATE_ID, paused: paused ? 1 : 0, last_digest_at: null })
    .onConflict((oc) => oc.column("id").doUpdateSet({ paused: paused ? 1 : 0 }))
    .execute();
}
