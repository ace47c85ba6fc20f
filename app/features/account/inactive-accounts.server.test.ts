/**
 * The inactivity job (docs/product.md §10.21), on both back ends, with the clock moved by hand: the
 * warning e-mail 30 days before the limit, sent once; the account gone after the limit and 30 days
 * after the warning; an account used since its warning spared and counted again; admins untouched;
 * the limit read from the shop settings; the same daily pass purging the guest baskets left 30 days.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { decodeQuotedPrintable } from "../../../tests/support/outbox";
import { addMonths, runInactivityPass, startInactivitySchedule } from "./inactive-accounts.server";

/** A pass, then the outbox worker's delivery of the warnings it recorded (ADR 025). */
async function passAndDeliver(ctx: AppContext, now: Date): ReturnType<typeof runInactivityPass> {
  const report = await runInactivityPass(ctx, now);
  await ctx.outbox.deliverDue();
  return report;
}

const DAY_MS = 86_400_000;
const PASSWORD = "motdepasse-long";

// --- The outbox: one .eml file per message (app/server/mail.server.ts).

function mailsTo(ctx: AppContext, email: string): string[] {
  const dir = path.join(ctx.env.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return (
    fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(".eml"))
      .sort()
      .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
      .filter((raw) => new RegExp(`^to:\\s*${email.replace(".", "\\.")}\\s*$`, "im").test(raw))
      // Its text and HTML parts, decoded (tests/support/outbox.ts).
      .map(decodeQuotedPrintable)
  );
}

async function account(ctx: AppContext, email: string, dates: { created: Date; active?: Date }) {
  const { user } = await ctx.auth.api.signUpEmail({ body: { email, password: PASSWORD, name: "Hina Teva" } });
  // Signing up was activity now: the account is dated by hand instead.
  await ctx.db
    .updateTable("users")
    .set({ created_at: dates.created.toISOString(), last_active_at: dates.active?.toISOString() ?? null })
    .where("id", "=", user.id)
    .execute();
  return user.id;
}

async function userRow(ctx: AppContext, id: string) {
  return ctx.db
    .selectFrom("users")
    .select(["id", "last_active_at", "inactivity_warned_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

async function shopWithLimit(months: number): Promise<AppContext> {
  const ctx = await createTestContext();
  await ctx.db
    .insertInto("shop_settings")
    .values({ id: "shop", shop_name: "Nacre", inactivity_months: months })
    .execute();
  return ctx;
}

describe("inactive accounts, with the limit at 36 months", () => {
  let ctx: AppContext;
  // The passes run at times relative to the real clock: signing in records the real time.
  const now = new Date();
  const ids = { recent: "", dormant: "", returning: "", admin: "" };

  beforeAll(async () => {
    ctx = await shopWithLimit(36);
    const longAgo = addMonths(now, -60);
    ids.recent = await account(ctx, "recente@exemple.fr", {
      created: longAgo,
      active: new Date(addMonths(now, -35).getTime() + DAY_MS),
    });
    ids.dormant = await account(ctx, "endormie@exemple.fr", {
      created: longAgo,
      active: new Date(addMonths(now, -36).getTime() + 30 * DAY_MS - 60 * 60_000),
    });
    // Never seen since the activity tracking began: counted from its creation.
    ids.returning = await account(ctx, "revenue@exemple.fr", {
      created: new Date(addMonths(now, -36).getTime() + 20 * DAY_MS),
    });
    ids.admin = await account(ctx, "gerante@exemple.fr", { created: addMonths(now, -120) });
    await ctx.db.updateTable("users").set({ role: "admin" }).where("id", "=", ids.admin).execute();
    await ctx.db
      .insertInto("reviews")
      .values({ id: "avis-endormie", user_id: ids.dormant, rating: 5, comment: "Superbe" })
      .execute();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("warns, 30 days before the limit, only the accounts that reach it, once across two passes", async () => {
    const first = await passAndDeliver(ctx, now);
    expect(first).toEqual({ warned: 2, deleted: 0, failed: 0 });
    const second = await passAndDeliver(ctx, new Date(now.getTime() + DAY_MS));
    expect(second).toEqual({ warned: 0, deleted: 0, failed: 0 });

    expect(mailsTo(ctx, "recente@exemple.fr")).toEqual([]);
    expect((await userRow(ctx, ids.recent))?.inactivity_warned_at).toBeNull();

    const mails = mailsTo(ctx, "endormie@exemple.fr");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toContain("pendant 3 ans est supprimé");
    expect(mail).toMatch(/sera supprimé le \d{1,2} \p{L}+ \d{4}/u);
    expect(mail).toContain(`${ctx.env.PUBLIC_URL}/auth`);
    expect(mail).toContain(`${ctx.env.PUBLIC_URL}/mon-compte`);
    expect(mail).toContain("Télécharger mes données");
    expect((await userRow(ctx, ids.dormant))?.inactivity_warned_at).toBe(now.toISOString());
    expect(mailsTo(ctx, "gerante@exemple.fr")).toEqual([]);
  });

  it("keeps a warned account until 30 days after the warning, then deletes it with what it owns", async () => {
    const early = await passAndDeliver(ctx, new Date(now.getTime() + 29 * DAY_MS));
    expect(early.deleted).toBe(0);
    expect(await userRow(ctx, ids.dormant)).toBeDefined();

    // Signs in meanwhile: the warning is withdrawn.
    await ctx.auth.api.signInEmail({ body: { email: "revenue@exemple.fr", password: PASSWORD } });
    const returned = await userRow(ctx, ids.returning);
    expect(returned?.inactivity_warned_at).toBeNull();
    expect(returned?.last_active_at).toBeTruthy();

    const later = new Date(now.getTime() + 31 * DAY_MS);
    const pass = await passAndDeliver(ctx, later);
    expect(pass.deleted).toBe(1);
    expect(await userRow(ctx, ids.dormant)).toBeUndefined();
    for (const table of ["sessions", "accounts", "reviews"] as const) {
      const rows = await ctx.db.selectFrom(table).select("id").where("user_id", "=", ids.dormant).execute();
      expect(rows, table).toEqual([]);
    }
    expect(await userRow(ctx, ids.returning)).toBeDefined();
    expect(mailsTo(ctx, "revenue@exemple.fr")).toHaveLength(1);
  });

  it("counts an account used after its warning again from that activity", async () => {
    const lastActive = new Date((await userRow(ctx, ids.returning))?.last_active_at ?? "");
    const beforeWindow = addMonths(lastActive, 34);
    await passAndDeliver(ctx, beforeWindow);
    expect(mailsTo(ctx, "revenue@exemple.fr")).toHaveLength(1);

    const inWindow = new Date(addMonths(lastActive, 36).getTime() - 29 * DAY_MS);
    await passAndDeliver(ctx, inWindow);
    expect(mailsTo(ctx, "revenue@exemple.fr")).toHaveLength(2);
    expect((await userRow(ctx, ids.returning))?.inactivity_warned_at).toBe(inWindow.toISOString());

    const past = new Date(inWindow.getTime() + 30 * DAY_MS);
    await passAndDeliver(ctx, past);
    expect(await userRow(ctx, ids.returning)).toBeUndefined();
  });

  it("never warns nor deletes an admin account, inactive for ten years and more", async () => {
    await passAndDeliver(ctx, addMonths(now, 120));
    expect(await userRow(ctx, ids.admin)).toMatchObject({ inactivity_warned_at: null });
    expect(mailsTo(ctx, "gerante@exemple.fr")).toEqual([]);
  });
});

describe("inactive accounts, with the limit set to 12 months", () => {
  let ctx: AppContext;
  const now = new Date();

  beforeAll(async () => {
    ctx = await shopWithLimit(12);
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it("warns and deletes by the shop's setting", async () => {
    const longAgo = addMonths(now, -60);
    const twelve = await account(ctx, "douze@exemple.fr", {
      created: longAgo,
      active: new Date(addMonths(now, -12).getTime() + 29 * DAY_MS),
    });
    const eleven = await account(ctx, "onze@exemple.fr", {
      created: longAgo,
      active: new Date(addMonths(now, -11).getTime() + DAY_MS),
    });
    expect(await passAndDeliver(ctx, now)).toEqual({ warned: 1, deleted: 0, failed: 0 });
    const [mail] = mailsTo(ctx, "douze@exemple.fr");
    expect(mail).toContain("pendant 1 an est supprimé");
    expect(mailsTo(ctx, "onze@exemple.fr")).toEqual([]);
    expect((await userRow(ctx, eleven))?.inactivity_warned_at).toBeNull();

    await passAndDeliver(ctx, new Date(now.getTime() + 31 * DAY_MS));
    expect(await userRow(ctx, twelve)).toBeUndefined();
  });

  it("does not count a warning sent under a shorter limit since raised: it warns again first", async () => {
    await ctx.db
      .updateTable("shop_settings")
      .set({ inactivity_months: 36 })
      .where("id", "=", "shop")
      .execute();
    const active = addMonths(now, -13);
    const raised = await account(ctx, "relevee@exemple.fr", { created: addMonths(now, -60), active });
    // Warned 40 days ago, when the limit was 12 months.
    await ctx.db
      .updateTable("users")
      .set({ inactivity_warned_at: new Date(now.getTime() - 40 * DAY_MS).toISOString() })
      .where("id", "=", raised)
      .execute();

    await passAndDeliver(ctx, now);
    expect(await userRow(ctx, raised)).toBeDefined();
    const newWindow = new Date(addMonths(active, 36).getTime() - 29 * DAY_MS);
    await passAndDeliver(ctx, newWindow);
    expect(await userRow(ctx, raised)).toMatchObject({ inactivity_warned_at: newWindow.toISOString() });
    expect(mailsTo(ctx, "relevee@exemple.fr")).toHaveLength(1);
    await passAndDeliver(ctx, new Date(newWindow.getTime() + 30 * DAY_MS));
    expect(await userRow(ctx, raised)).toBeUndefined();
  });
});

describe("the daily pass also purges the guest baskets left 30 days (docs/product.md §10.2)", () => {
  let ctx: AppContext;
  beforeAll(async () => {
    ctx = await shopWithLimit(36);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("deletes a basket unchanged for more than 30 days, with its line, and keeps a recent one", async () => {
    await ctx.db
      .insertInto("products")
      .values({ id: "perle", slug: "perle", name: "Perle", price_cents: 4500, stock: 2, is_unique: 0 })
      .execute();
    const dated = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
    await ctx.db
      .insertInto("guest_baskets")
      .values([
        { id: "oublie", token_hash: "h-oublie", created_at: dated(40), updated_at: dated(31) },
        { id: "recent", token_hash: "h-recent", created_at: dated(40), updated_at: dated(29) },
      ])
      .execute();
    await ctx.db
      .insertInto("cart_items")
      .values([
        { id: "l-oublie", guest_basket_id: "oublie", product_id: "perle" },
        { id: "l-recent", guest_basket_id: "recent", product_id: "perle" },
      ])
      .execute();
    const stop = startInactivitySchedule(ctx, { firstPassMs: 0, everyMs: 60 * 60_000 });
    try {
      await expect
        .poll(
          async () => (await ctx.db.selectFrom("guest_baskets").select("id").execute()).map((row) => row.id),
          {
            timeout: 20_000,
          },
        )
        .toEqual(["recent"]);
    } finally {
      stop();
    }
    expect((await ctx.db.selectFrom("cart_items").select("id").execute()).map((row) => row.id)).toEqual([
      "l-recent",
    ]);
  });
});
