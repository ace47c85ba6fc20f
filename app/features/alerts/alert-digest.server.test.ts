/**
 * The « Nouvelles créations » digest (docs/product.md §10.30, ADR 033) on a fresh database: when it
 * leaves (DIGEST_DELAY_MINUTES after the last piece, a day at least after the previous one), to whom
 * (confirmed subscribers of the piece's categories), and that a pause, an unconfirmed request or a
 * piece of another category send nothing. On PostgreSQL too: two passes racing (two instances) send
 * one digest, and the lifecycle's purge.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { newId } from "~/server/ids.server";
import type { MailMessage } from "~/server/mail.server";
import { createTestContext } from "~/server/test-context";
import { notePublishedPiece, runDigestPass, runDigestPassOnce, setDigestPaused } from "./alert-digest.server";
import { confirmSubscription, purgeSubscriptions, requestSubscription, tokenHash } from "./alerts.server";

const MINUTE = 60_000;
const DAY = 86_400_000;
const SHOP = { shopName: "Nacre", email: "atelier@nacre.test" };

let ctx: AppContext;
const start = new Date("2030-03-02T09:00:00.000Z");
const at = (ms: number) => new Date(start.getTime() + ms);

beforeEach(async () => {
  ctx = await createTestContext({ DIGEST_DELAY_MINUTES: "30" });
  await ctx.db
    .insertInto("categories")
    .values([
      { id: "bagues", name: "Bagues" },
      { id: "colliers", name: "Colliers" },
    ])
    .execute();
});
afterEach(async () => {
  await ctx.close();
});

async function piece(name: string, category: string, publishedAt: Date, price: number | null = 4500) {
  const id = newId();
  await ctx.db
    .insertInto("products")
    .values({ id, slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${id}`, name, price_cents: price })
    .execute();
  await ctx.db.insertInto("product_categories").values({ product_id: id, category_id: category }).execute();
  await notePublishedPiece(ctx.db, id, publishedAt);
  return id;
}

/** Subscribes and confirms `email` (the token read back from the confirmation mail's row). */
async function subscriber(email: string, categories: string[], confirm = true) {
  await requestSubscription(ctx, SHOP, { email, categories }, at(-DAY));
  if (!confirm) return;
  const row = await ctx.db
    .selectFrom("mail_outbox")
    .select("message")
    .where("recipient", "=", email)
    .where("kind", "=", "alerte confirmation")
    .orderBy("created_at", "desc")
    .executeTakeFirstOrThrow();
  const token = /alertes\/confirmer\/([A-Za-z0-9_-]{43})/.exec(row.message)?.[1] as string;
  expect(await confirmSubscription(ctx, SHOP, token, at(-DAY + MINUTE))).toBe(true);
}

async function digests(): Promise<MailMessage[]> {
  const rows = await ctx.db
    .selectFrom("mail_outbox")
    .select("message")
    .where("kind", "=", "alerte nouveautés")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => JSON.parse(row.message) as MailMessage);
}

describe("the digest's timing", () => {
  it("waits DIGEST_DELAY_MINUTES after the LAST piece, then sends one mail with the whole batch", async () => {
    await subscriber("tiare@example.fr", []);
    await piece("Bague Lagon", "bagues", at(0));
    await piece("Collier Marée", "colliers", at(20 * MINUTE));
    // 30 minutes after the first, but only 10 after the last: the batch is still growing.
    expect(await runDigestPass(ctx, at(30 * MINUTE))).toEqual({
      sent: 0,
      waitingUntil: at(50 * MINUTE).toISOString(),
    });
    expect(await digests()).toHaveLength(0);
    expect(await runDigestPass(ctx, at(50 * MINUTE))).toEqual({ sent: 1, pieces: 2 });
    const [mail] = await digests();
    expect(mail?.subject).toBe("2 nouvelles créations — Nacre");
    expect(mail?.text).toContain("Bague Lagon");
    expect(mail?.text).toContain("Collier Marée");
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Nothing left: a second pass sends nothing.
    expect(await runDigestPass(ctx, at(51 * MINUTE))).toEqual({ sent: 0, idle: "rien" });
  });

  it("sends at most one digest a day: a piece after a digest waits for the day to pass", async () => {
    await subscriber("tiare@example.fr", []);
    await piece("Bague Lagon", "bagues", at(0));
    expect((await runDigestPass(ctx, at(30 * MINUTE))).sent).toBe(1);
    await piece("Bague Atoll", "bagues", at(2 * 60 * MINUTE));
    expect(await runDigestPass(ctx, at(3 * 60 * MINUTE))).toEqual({
      sent: 0,
      waitingUntil: at(30 * MINUTE + DAY).toISOString(),
    });
    expect((await runDigestPass(ctx, at(30 * MINUTE + DAY))).sent).toBe(1);
    expect((await digests()).map((mail) => mail.subject)).toEqual([
      "Nouvelle création : Bague Lagon — Nacre",
      "Nouvelle création : Bague Atoll — Nacre",
    ]);
  });
});

describe("who gets it", () => {
  it("each confirmed subscriber gets the pieces of their categories; none chosen means all", async () => {
    await subscriber("bagues@example.fr", ["bagues"]);
    await subscriber("tout@example.fr", []);
    await subscriber("pas-confirme@example.fr", [], false);
    await piece("Collier Marée", "colliers", at(0), null);
    expect(await runDigestPass(ctx, at(30 * MINUTE))).toEqual({ sent: 1, pieces: 1 });
    const [mail] = await digests();
    expect(mail?.to).toBe("tout@example.fr");
    expect(mail?.text).toContain("Prix sur demande");
  });

  it("a paused digest sends nothing; the pieces wait for the resumption", async () => {
    await subscriber("tiare@example.fr", ["bagues"]);
    await setDigestPaused(ctx.db, true);
    await piece("Bague Lagon", "bagues", at(0));
    expect(await runDigestPass(ctx, at(2 * DAY))).toEqual({ sent: 0, idle: "pause" });
    expect(await digests()).toHaveLength(0);
    await setDigestPaused(ctx.db, false);
    expect((await runDigestPass(ctx, at(2 * DAY))).sent).toBe(1);
  });

  it("a piece sold before the digest is announced to nobody", async () => {
    await subscriber("tiare@example.fr", []);
    const id = await piece("Bague Lagon", "bagues", at(0));
    await ctx.db.updateTable("products").set({ is_sold: 1 }).where("id", "=", id).execute();
    expect(await runDigestPass(ctx, at(DAY))).toEqual({ sent: 0, pieces: 0 });
  });
});

describe("one sender", () => {
  it("two passes at once (two instances) record one digest per subscriber", async () => {
    await subscriber("tiare@example.fr", []);
    await subscriber("moana@example.fr", ["bagues"]);
    await piece("Bague Lagon", "bagues", at(0));
    const outcomes = await Promise.all([
      runDigestPassOnce(ctx, at(DAY)),
      runDigestPassOnce(ctx, at(DAY)),
      runDigestPass(ctx, at(DAY)),
    ]);
    const sent = outcomes
      .map((outcome) => ("taken" in outcome ? (outcome.taken ? outcome.value.sent : 0) : outcome.sent))
      .reduce((a, b) => a + b, 0);
    expect(sent).toBe(2);
    expect((await digests()).map((mail) => mail.to).sort()).toEqual(["moana@example.fr", "tiare@example.fr"]);
  });
});

describe("the data lifecycle (ADR 017)", () => {
  it("deletes a request never confirmed once its link expires, and a subscription not renewed for the limit", async () => {
    await subscriber("jamais@example.fr", [], false);
    await subscriber("ancienne@example.fr", []);
    await subscriber("fidele@example.fr", []);
    // The confirmation link of a never-confirmed request works 7 days.
    expect(await purgeSubscriptions(ctx.db, at(5 * DAY), 36)).toBe(0);
    const months37 = 37 * 31 * DAY;
    await ctx.db
      .updateTable("alert_subscriptions")
      .set({ confirmed_at: at(-months37).toISOString() })
      .where("email", "=", "ancienne@example.fr")
      .execute();
    expect(await purgeSubscriptions(ctx.db, at(7 * DAY), 36)).toBe(2);
    const left = await ctx.db.selectFrom("alert_subscriptions").select("email").execute();
    expect(left.map((row) => row.email)).toEqual(["fidele@example.fr"]);
  });

  it("stores only the SHA-256 of a confirmation token", async () => {
    await subscriber("tiare@example.fr", [], false);
    const row = await ctx.db.selectFrom("mail_outbox").select("message").executeTakeFirstOrThrow();
    const token = /alertes\/confirmer\/([A-Za-z0-9_-]{43})/.exec(row.message)?.[1] as string;
    const stored = await ctx.db.selectFrom("alert_subscriptions").selectAll().executeTakeFirstOrThrow();
    expect(stored.pending_token_hash).toBe(tokenHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });
});
