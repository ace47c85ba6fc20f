/**
 * Holds that cannot be hoarded (ADR 022), on both back ends, with an injected clock: an unconfirmed
 * address holds for two hours and the single-use link extends it to the shop's hold length; one
 * client — account, normalised e-mail or network address — holds at most the cap, the rest waiting
 * for the seller, even when its orders race; the seller's approval holds the rest if still free;
 * release-and-block ends the holds and bars the address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { emailKey, heldQuantities, unitsToHold } from "./holds.server";
import { approveOrder, confirmOrder, releaseAndBlock, unblockEmail } from "./order-holds.server";
import type { OrderForm } from "./order-schema";
import { BLOCKED_EMAIL_MESSAGE, findOrderById, placeOrder } from "./orders.server";

let ctx: AppContext;
const DAY = 86_400_000;
const HOUR = 3_600_000;
const T0 = new Date("2026-11-24T10:00:00.000Z").getTime();
const at = (ms: number) => new Date(T0 + ms);
const admin = { id: "", name: "Admin Test" };
let pieceIds: string[] = [];
let round = 0;

/** Eight pieces for sale, three units each, fresh for every test so holds never cross tests. */
async function pieces(): Promise<string[]> {
  round += 1;
  const ids = Array.from({ length: 8 }, (_, n) => `p${round}x${n}`);
  await ctx.db
    .insertInto("products")
    .values(ids.map((id) => ({ id, slug: id, name: `Pièce ${id}`, price_cents: 5000, stock: 3 })))
    .execute();
  return ids;
}

/** Each test's own default customer, so that one test's holds never count against another's cap. */
function form(
  lines: { productId: string; quantity: number }[],
  email = `cliente-${round}@exemple.fr`,
): OrderForm {
  return {
    "form-name": "commande",
    lines,
    name: "Hina Client",
    email,
    phone: "",
    delivery: "main_propre",
    zone: "france",
    addressLine: "",
    postalCode: "",
    city: "",
    eventId: "",
    message: "",
  };
}

const one = (productId: string, quantity = 1) => [{ productId, quantity }];

async function place(
  lines: { productId: string; quantity: number }[],
  options: { email?: string; address?: string; userId?: string | null; now?: Date } = {},
) {
  return placeOrder(ctx.db, {
    form: form(lines, options.email),
    userId: options.userId ?? null,
    clientAddress: options.address ?? "",
    now: options.now ?? at(0),
  });
}

async function placed(...args: Parameters<typeof place>) {
  const result = await place(...args);
  if (!result.ok) throw new Error(result.message);
  return result;
}

async function held(ids: string[], now = at(0)) {
  const map = await heldQuantities(ctx.db, ids, now);
  return [...map.values()].reduce((sum, units) => sum + units, 0);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db
    .insertInto("shop_settings")
    .values({ id: "shop", shop_name: "Nacre", hold_days: 7, hold_cap: 3 })
    .execute();
  admin.id = (
    await ctx.auth.api.signUpEmail({
      body: { email: "admin-holds@exemple.fr", password: "motdepasse-long", name: "Admin" },
    })
  ).user.id;
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  pieceIds = await pieces();
});

describe("the rules' arithmetic", () => {
  it("normalises e-mails to one client, and holds lines in order within what is left", () => {
    expect(emailKey(" H.I.N.A+promo@GoogleMail.com ")).toBe("hina@gmail.com");
    expect(emailKey("Hina+x@exemple.fr")).toBe("hina@exemple.fr");
    expect(emailKey("h.ina@exemple.fr")).toBe("h.ina@exemple.fr");
    expect(unitsToHold([2, 2, 1], 3)).toEqual([2, 1, 0]);
    expect(unitsToHold([1, 1], 5)).toEqual([1, 1]);
    expect(unitsToHold([4], -2)).toEqual([0]);
  });
});

describe("an unconfirmed address", () => {
  it("holds two hours; the link, once, extends the hold to the shop's length from the order", async () => {
    const [a, b] = pieceIds as [string, string];
    const order = await placed([...one(a), ...one(b)], { now: at(0) });
    expect(order.confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await findOrderById(ctx.db, order.id);
    expect(stored?.holdExpiresAt).toBe(at(2 * HOUR).toISOString());
    expect(stored?.emailConfirmedAt).toBeNull();
    expect(stored?.lines.map((line) => line.heldQuantity)).toEqual([1, 1]);
    // Only the token's hash is kept.
    const row = await ctx.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirst();
    expect(row?.confirm_token_hash).not.toContain(order.confirmToken as string);

    expect(await held([a, b], at(2 * HOUR - 1))).toBe(2);
    const confirmed = await confirmOrder(ctx.db, order.confirmToken as string, at(HOUR));
    expect(confirmed.ok).toBe(true);
    expect((await findOrderById(ctx.db, order.id))?.holdExpiresAt).toBe(at(7 * DAY).toISOString());
    expect(await held([a, b], at(7 * DAY - 1))).toBe(2);
    expect(await held([a, b], at(7 * DAY))).toBe(0);
    // Single use: the same link confirms nothing more; the tracking token never confirms.
    expect(await confirmOrder(ctx.db, order.confirmToken as string, at(HOUR))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await confirmOrder(ctx.db, order.trackingToken, at(HOUR))).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("lapses after two hours; a late confirmation holds again only what is still free", async () => {
    const [a, b] = pieceIds as [string, string];
    const late = await placed([...one(a, 2), ...one(b)], { now: at(0), email: "tardive@exemple.fr" });
    expect(await held([a, b], at(2 * HOUR))).toBe(0);
    // Meanwhile someone else holds two of piece a's three units.
    await placed(one(a, 2), { now: at(3 * HOUR), email: "autre@exemple.fr", address: "198.51.100.7" });
    expect((await confirmOrder(ctx.db, late.confirmToken as string, at(4 * HOUR))).ok).toBe(true);
    const order = await findOrderById(ctx.db, late.id);
    expect(order?.lines.map((line) => line.heldQuantity)).toEqual([1, 1]);
    expect(order?.holdExpiresAt).toBe(at(7 * DAY).toISOString());
  });

  it("a signed-in customer's verified address needs no link; confirming by the link verifies the account", async () => {
    const { user } = await ctx.auth.api.signUpEmail({
      body: { email: "Teva@Exemple.fr", password: "motdepasse-long", name: "Teva" },
    });
    const [a, b] = pieceIds as [string, string];
    const first = await placed(one(a), { userId: user.id, email: "teva@exemple.fr" });
    expect(first.confirmToken).not.toBeNull();
    expect((await confirmOrder(ctx.db, first.confirmToken as string, at(HOUR))).ok).toBe(true);
    const second = await placed(one(b), { userId: user.id, email: "teva@exemple.fr", now: at(HOUR) });
    expect(second.confirmToken).toBeNull();
    const order = await findOrderById(ctx.db, second.id);
    expect(order?.emailConfirmedAt).toBe(at(HOUR).toISOString());
    expect(order?.holdExpiresAt).toBe(at(HOUR + 7 * DAY).toISOString());
    // Another address typed into the same account is not proven.
    const other = await placed(one(b), { userId: user.id, email: "quelquun@exemple.fr", now: at(HOUR) });
    expect(other.confirmToken).not.toBeNull();
  });
});

describe("one client holds at most the cap", () => {
  it("one order naming every piece holds three units; the rest is in the order, awaiting the seller", async () => {
    const order = await placed(
      pieceIds.map((id) => ({ productId: id, quantity: 3 })),
      { address: "203.0.113.5" },
    );
    const stored = await findOrderById(ctx.db, order.id);
    expect(stored?.lines.map((line) => [line.quantity, line.heldQuantity])).toEqual([
      [3, 3],
      ...pieceIds.slice(1).map(() => [3, 0]),
    ]);
    expect(await held(pieceIds)).toBe(3);
  });

  it("counts the same account, the same e-mail however spelt, and the same network address, while they hold", async () => {
    const [a, b, c, d, e, f] = pieceIds as [string, string, string, string, string, string];
    await placed(one(a, 2), { email: "moana+1@gmail.com", address: "203.0.113.20" });
    // The same mailbox, spelt otherwise, from elsewhere: one unit left.
    const sameMail = await placed(one(b, 3), { email: "M.oana@googlemail.com", address: "203.0.113.21" });
    expect((await findOrderById(ctx.db, sameMail.id))?.lines[0]?.heldQuantity).toBe(1);
    // Another e-mail, but the first order's network address, which holds two: one unit left.
    const sameAddress = await placed(one(c, 3), { email: "inconnue@exemple.fr", address: "203.0.113.20" });
    expect((await findOrderById(ctx.db, sameAddress.id))?.lines[0]?.heldQuantity).toBe(1);
    // Once those holds lapse, the client may hold again.
    const later = await placed(one(d, 3), {
      email: "moana@gmail.com",
      address: "203.0.113.20",
      now: at(3 * HOUR),
    });
    expect((await findOrderById(ctx.db, later.id))?.lines[0]?.heldQuantity).toBe(3);
    // An account counts across its addresses.
    const { user } = await ctx.auth.api.signUpEmail({
      body: { email: "compte-cap@exemple.fr", password: "motdepasse-long", name: "Cap" },
    });
    await placed(one(e, 3), { userId: user.id, email: "une@exemple.fr", address: "203.0.113.30" });
    const sameAccount = await placed(one(f), {
      userId: user.id,
      email: "deux@exemple.fr",
      address: "203.0.113.31",
    });
    expect((await findOrderById(ctx.db, sameAccount.id))?.lines[0]?.heldQuantity).toBe(0);
  });

  it("two orders of one client at once never pass the cap together (the client is locked as the pieces are)", async () => {
    const results = await Promise.all(
      pieceIds.map((id, n) =>
        place(one(id, 2), { email: `course+${n}@exemple.fr`, address: "203.0.113.40" }),
      ),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await held(pieceIds)).toBe(3);
  });
});

describe("the seller", () => {
  it("accepts an order beyond the cap: the rest is held if still free, all or nothing", async () => {
    const [a, b, c, d, e] = pieceIds as [string, string, string, string, string];
    const order = await placed([...one(a, 3), ...one(b, 3), ...one(c, 3)], { address: "203.0.113.50" });
    // Piece c is partly taken meanwhile by another client: nothing changes.
    await placed(one(c, 1), { email: "rapide@exemple.fr", address: "203.0.113.51" });
    const refused = await approveOrder(ctx.db, order.id, at(HOUR));
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect((refused as { message: string }).message).toContain(`Pièce ${c}`);
    expect(await held([a, b, c], at(HOUR))).toBe(4);
    expect((await findOrderById(ctx.db, order.id))?.approvedAt).toBeNull();

    const other = await placed([...one(d, 3), ...one(e, 2)], {
      email: "grande@exemple.fr",
      address: "203.0.113.52",
    });
    const approved = await approveOrder(ctx.db, other.id, at(HOUR));
    expect(approved.ok).toBe(true);
    const stored = await findOrderById(ctx.db, other.id);
    expect(stored?.lines.map((line) => line.heldQuantity)).toEqual([3, 2]);
    expect(stored?.approvedAt).toBe(at(HOUR).toISOString());
    expect(await held([d, e], at(HOUR))).toBe(5);
  });

  it("releases an order's pieces and blocks its address in one action; the address may be unblocked", async () => {
    const [a] = pieceIds as [string];
    const order = await placed(one(a, 3), { email: "farceur@exemple.fr", address: "203.0.113.60" });
    expect(await held([a])).toBe(3);
    const done = await releaseAndBlock(ctx.db, order.id, admin, at(HOUR));
    expect(done).toEqual({ ok: true, email: "farceur@exemple.fr" });
    expect(await held([a], at(HOUR))).toBe(0);
    const stored = await findOrderById(ctx.db, order.id);
    expect(stored?.status).toBe("annulee");
    expect(stored?.steps.at(-1)).toMatchObject({ status: "annulee", adminName: "Admin Test" });
    expect(await releaseAndBlock(ctx.db, order.id, admin, at(HOUR))).toMatchObject({
      ok: false,
      status: 409,
    });
    // Its confirmation link is dead with it.
    expect(await confirmOrder(ctx.db, order.confirmToken as string, at(HOUR))).toMatchObject({
      ok: false,
      status: 404,
    });

    const again = await place(one(a), {
      email: "Farceur+2@Exemple.fr",
      address: "203.0.113.61",
      now: at(HOUR),
    });
    expect(again).toEqual({ ok: false, status: 403, message: BLOCKED_EMAIL_MESSAGE });
    expect(await unblockEmail(ctx.db, "farceur@exemple.fr")).toBe(true);
    expect((await place(one(a), { email: "farceur@exemple.fr", now: at(HOUR) })).ok).toBe(true);
  });
});
