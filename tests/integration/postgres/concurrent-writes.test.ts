/**
 * Several instances on one PostgreSQL database (ADR 014). On SQLite the shop's one connection ran
 * every transaction alone; here two shop processes, each with its own pool, write the same rows at
 * once at READ COMMITTED. A read-then-write in JS would lose updates: every counter the shop keeps
 * must come out exact, and every limit must hold across the instances as if there were one.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyUserAction } from "~/features/account/user-admin.server";
import {
  addToCart,
  changeCartQuantity,
  listCart,
  mergeGuestBasket,
  toggleFavorite,
} from "~/features/basket/basket.server";
import { productFields } from "~/features/catalogue/admin/product-schema";
import { saveProduct } from "~/features/catalogue/product-admin.server";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import {
  DEMO_CUSTOMER,
  databaseEnvOf,
  freePort,
  newDataDir,
  queryDatabase,
  type ShopServer,
  signIn,
  startServer,
  stopServer,
  waitHealthy,
} from "../../support/shop-server";

const SOLD_OUT = "Cette création n'est plus disponible dans cette quantité.";
const TOO_MANY = "Trop de tentatives. Patientez quelques minutes avant de réessayer.";

describe("two shop processes on one database", () => {
  let a: ShopServer;
  let b: ShopServer;
  let cookie: string;
  let customerId: string;

  beforeAll(async () => {
    // TRUST_PROXY: the tests all come from 127.0.0.1; the client address is the forwarded one.
    const dataDirA = newDataDir("concurrence-a");
    a = startServer({ port: await freePort(), dataDir: dataDirA, env: { TRUST_PROXY: "1" } });
    await waitHealthy(a, 240_000);
    // The second instance: its own DATA_DIR, the first one's database and secret.
    b = startServer({
      port: await freePort(),
      dataDir: newDataDir("concurrence-b"),
      env: { ...databaseEnvOf(dataDirA), TRUST_PROXY: "1" },
    });
    await waitHealthy(b, 240_000);
    cookie = await signIn(a.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    customerId = await queryDatabase(a.dataDir, async (db) => {
      const row = await db.get<{ id: string }>("select id from users where email = ?", DEMO_CUSTOMER.email);
      return row?.id ?? "";
    });
  }, 600_000);

  afterAll(async () => {
    await Promise.all([a && stopServer(a), b && stopServer(b)]);
  });

  const cart = (server: ShopServer, body: Record<string, unknown>) =>
    fetch(`${server.url}/api/panier`, {
      method: "POST",
      headers: { origin: server.url, cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  /** A piece on sale, not unique, with `stock`, and the customer's line of it at `quantity`. */
  async function pieceInCart(stock: number, quantity: number, skip: number): Promise<string> {
    const productId = await queryDatabase(a.dataDir, async (db) => {
      const row = await db.get<{ id: string }>(
        "select id from products where is_unique = 0 and is_sold = 0 order by id limit 1 offset ?",
        skip,
      );
      if (!row) throw new Error("aucune création non unique dans la démo");
      await db.run("update products set stock = ? where id = ?", stock, row.id);
      await db.run("delete from cart_items where user_id = ? and product_id = ?", customerId, row.id);
      return row.id;
    });
    expect((await cart(a, { intent: "add", productId })).status).toBe(200);
    if (quantity > 1)
      expect((await cart(b, { intent: "change", productId, delta: quantity - 1 })).status).toBe(200);
    expect(await quantityInCart(productId)).toBe(quantity);
    return productId;
  }

  const quantityInCart = (productId: string) =>
    queryDatabase(a.dataDir, async (db) => {
      const row = await db.get<{ quantity: number }>(
        "select quantity from cart_items where user_id = ? and product_id = ?",
        customerId,
        productId,
      );
      return row?.quantity ?? 0;
    });

  /** 100 '+1' at once, half on each instance, half "add" and half "change by +1". */
  const hundredIncrements = (productId: string) =>
    Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const server = i % 2 === 0 ? a : b;
        const body = i % 4 < 2 ? { intent: "add", productId } : { intent: "change", productId, delta: 1 };
        const response = await cart(server, body);
        return { status: response.status, text: await response.text() };
      }),
    );

  it("a cart line given 100 concurrent +1 across both instances ends exactly 100 higher", async () => {
    const productId = await pieceInCart(1000, 3, 0);
    const answers = await hundredIncrements(productId);
    const lost = 103 - (await quantityInCart(productId));
    expect({ lost, statuses: answers.filter((answer) => answer.status !== 200) }).toEqual({
      lost: 0,
      statuses: [],
    });
  });

  it("at the stock cap the line stops exactly at the stock, and the rest answer 'épuisé'", async () => {
    const productId = await pieceInCart(40, 1, 1);
    const answers = await hundredIncrements(productId);
    expect(await quantityInCart(productId)).toBe(40);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(39);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(61);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.text).toContain(SOLD_OUT);
    }
  });

  it("a signup burst from one address split across both instances is limited as one (10 in 10 min)", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const server = i % 2 === 0 ? a : b;
        const response = await fetch(`${server.url}/auth`, {
          method: "POST",
          redirect: "manual",
          headers: {
            origin: server.url,
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": "10.91.0.7",
          },
          body: new URLSearchParams({
            intent: "signup",
            name: "Rafale",
            email: `rafale-concurrente-${i}@exemple.fr`,
            password: "Motdepasse-2026",
            passwordConfirm: "Motdepasse-2026",
          }),
        });
        return { status: response.status, text: await response.text() };
      }),
    );
    const created = await queryDatabase(a.dataDir, (db) =>
      db.get<{ n: number }>("select count(*) as n from users where email like 'rafale-concurrente-%'"),
    );
    expect(created?.n).toBe(10);
    expect(answers.filter((answer) => answer.status === 302)).toHaveLength(10);
    const refused = answers.filter((answer) => answer.status !== 302);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.text).toContain(TOO_MANY);
    }
  });
});

describe("two app contexts on one database", () => {
  let first: AppContext;
  let second: AppContext;
  let userId: string;

  beforeAll(async () => {
    first = await createTestContext();
    second = await createTestContext({
      DATABASE_URL: first.env.DATABASE_URL ?? "",
      AUTH_SECRET: first.env.AUTH_SECRET,
    });
    userId = (
      await first.auth.api.signUpEmail({
        body: { email: "concurrente@exemple.fr", password: "motdepasse-c", name: "C" },
      })
    ).user.id;
    await first.db
      .insertInto("products")
      .values([
        { id: "largestock", slug: "largestock", name: "Grand stock", price_cents: 5000, stock: 1000 },
        { id: "favorite", slug: "favorite", name: "Favorite", price_cents: 5000, stock: 5 },
        { id: "mergea", slug: "mergea", name: "Fusion A", price_cents: 5000, stock: 10 },
        { id: "mergeb", slug: "mergeb", name: "Fusion B", price_cents: 5000, stock: 3 },
      ])
      .execute();
  });

  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  const quantity = async () =>
    (await listCart(first.db, { userId })).find((line) => line.productId === "largestock")?.quantity ?? 0;

  it("50 concurrent addToCart / changeCartQuantity(+1) on one line give the exact quantity", async () => {
    expect(await addToCart(first.db, { userId }, "largestock")).toBeNull();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const db = (i % 2 === 0 ? first : second).db;
        return i % 4 < 2
          ? addToCart(db, { userId }, "largestock")
          : changeCartQuantity(db, { userId }, "largestock", 1);
      }),
    );
    expect(results.filter((result) => result !== null)).toEqual([]);
    expect(await quantity()).toBe(51);
  });

  it("+1 and -1 mixed at once end exactly at their sum", async () => {
    expect(await changeCartQuantity(first.db, { userId }, "largestock", 30 - (await quantity()))).toBeNull();
    const results = await Promise.all(
      Array.from({ length: 70 }, (_, i) => {
        const db = (i % 2 === 0 ? first : second).db;
        return changeCartQuantity(db, { userId }, "largestock", i < 50 ? 1 : -1);
      }),
    );
    expect(results.filter((result) => result !== null)).toEqual([]);
    expect(await quantity()).toBe(60);
  });

  it("20 concurrent favourite toggles act one after the other: half add, half remove", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        toggleFavorite((i % 2 === 0 ? first : second).db, { userId }, "favorite"),
      ),
    );
    expect(results.filter((result) => result === true)).toHaveLength(10);
    expect(results.filter((result) => result === false)).toHaveLength(10);
    const rows = await first.db
      .selectFrom("user_favorites")
      .select("id")
      .where("user_id", "=", userId)
      .execute();
    expect(rows).toEqual([]);
  });

  it("two guest baskets merged at once (two logins) combine within the stock, in either order", async () => {
    await Promise.all([
      mergeGuestBasket(
        first.db,
        { userId },
        {
          cart: [
            { productId: "mergea", quantity: 2 },
            { productId: "mergeb", quantity: 2 },
          ],
          favorites: ["mergea", "mergeb"],
        },
      ),
      mergeGuestBasket(
        second.db,
        { userId },
        {
          cart: [
            { productId: "mergeb", quantity: 2 },
            { productId: "mergea", quantity: 2 },
          ],
          favorites: ["mergeb", "mergea"],
        },
      ),
    ]);
    const lines = await listCart(first.db, { userId });
    expect(lines.find((line) => line.productId === "mergea")?.quantity).toBe(4);
    expect(lines.find((line) => line.productId === "mergeb")?.quantity).toBe(3);
  });

  it("a save whose form still names an image another save just removed is refused, not half applied", async () => {
    await first.db.insertInto("categories").values({ id: "bagues", name: "Bagues" }).execute();
    const png = async (background: string) =>
      new File(
        [
          new Uint8Array(
            await sharp({ create: { width: 40, height: 30, channels: 3, background } })
              .png()
              .toBuffer(),
          ),
        ],
        "image.png",
        { type: "image/png" },
      );
    const input = (images: string[], id?: string) =>
      productFields.parse({
        id,
        name: "Bague disputée",
        categories: ["bagues"],
        colors: [],
        materials: [],
        pearlTypes: [],
        images,
      });
    const created = await saveProduct(first, input(["new:0", "new:1"]), [
      await png("#1f7a8c"),
      await png("#bf4342"),
    ]);
    if (!created.ok) throw new Error(created.error);
    const { id } = created.product;
    const imagesOf = async () =>
      (
        await first.db
          .selectFrom("product_images")
          .select("file_name")
          .where("product_id", "=", id)
          .orderBy("position")
          .execute()
      ).map((image) => image.file_name);
    const [kept, dropped] = (await imagesOf()) as [string, string];

    // Another connection holds the product's row: both saves below queue behind it, in order.
    const [holder, watcher] = [await first.pool?.connect(), second.pool];
    if (!holder || !watcher) throw new Error("PostgreSQL attendu");
    // Counted from another connection: a transaction sees pg_stat_activity as it first read it.
    const waiting = async (count: number) => {
      for (;;) {
        const { rows } = await watcher.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (rows[0].n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      await holder.query("begin");
      await holder.query("select id from products where id = $1 for update", [id]);
      // Admin A removes the second image; admin B's form, loaded before, still shows both.
      const removing = saveProduct(first, input([kept], id), []);
      await waiting(1);
      const stale = saveProduct(second, input([dropped, kept], id), []);
      await waiting(2);
      await holder.query("commit");
      expect(await removing).toMatchObject({ ok: true });
      expect(await stale).toEqual({
        ok: false,
        status: 409,
        error: "Les images envoyées ne correspondent pas.",
      });
    } finally {
      holder.release(true); // closed: a failed test leaves no transaction open in the pool
    }
    expect(await imagesOf()).toEqual([kept]);
  });

  it("two admins demoting each other at once leave one admin", async () => {
    const admins: string[] = [];
    for (const email of ["admin-un@exemple.fr", "admin-deux@exemple.fr"]) {
      const { user } = await first.auth.api.signUpEmail({
        body: { email, password: "motdepasse-admin", name: "Admin" },
      });
      await first.db.updateTable("users").set({ role: "admin" }).where("id", "=", user.id).execute();
      admins.push(user.id);
    }
    const [one, two] = admins as [string, string];
    for (let round = 0; round < 5; round++) {
      await first.db.updateTable("users").set({ role: "admin" }).where("id", "in", admins).execute();
      const results = await Promise.all([
        applyUserAction(first, one, { intent: "set-role", id: two, role: "user" }),
        applyUserAction(second, two, { intent: "set-role", id: one, role: "user" }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const left = await first.db.selectFrom("users").select("id").where("role", "=", "admin").execute();
      expect(left).toHaveLength(1);
    }
  });
});
