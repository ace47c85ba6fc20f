/**
 * The test fixture: every test fails when the page logs a console error or throws, so a broken
 * hydration or a failed request never passes silently (house style, "Tests").
 *
 * `seed` creates what a test changes through the shop's own HTTP endpoints, as the demo admin (a
 * category of its own, products, customers, orders), each with a unique name: tests then run in
 * parallel, retries never collide, and no test counts what another one adds. `login` signs a
 * browser context in as an account, as the sign-in form would.
 */
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, STORAGE } from "./accounts";
import { query } from "./demo-data";

/** A few random letters: names and addresses no other test, run or retry uses. */
export function uniqueSuffix(): string {
  return Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");
}

/** A client address of its own (the shop trusts X-Forwarded-For in the e2e run). */
export function clientAddress(): string {
  const byte = () => Math.floor(Math.random() * 250) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export interface Account {
  email: string;
  password: string;
  name: string;
}

export interface SeededCategory {
  id: string;
  name: string;
}

export interface SeededProduct {
  id: string;
  slug: string;
  name: string;
  priceCents: number;
  stock: number;
  category: SeededCategory;
}

export interface ProductOptions {
  /** Default: a name of its own ("Pièce Essai xxxxxx"), no word the demo's searches look for. */
  name?: string;
  /** Euros as the form takes them ("42.5"); default 42. */
  price?: string;
  stock?: number;
  unique?: boolean;
  sold?: boolean;
  description?: string;
  /** Default: the test's own category. */
  category?: SeededCategory;
  /** How many generated photos (distinct widths); default 1. */
  images?: number;
}

export interface OrderOptions {
  lines: { product: SeededProduct; quantity?: number }[];
  name?: string;
  email?: string;
  /** Marked paid by the seller: a contract, so an invoice and the withdrawal function (§10.24–10.25). */
  paid?: boolean;
}

export interface Seed {
  /** The test's own category, made on first use (listings filtered by it hold only its pieces). */
  category(): Promise<SeededCategory>;
  /** Another category of the test's own. */
  newCategory(label?: string): Promise<SeededCategory>;
  product(options?: ProductOptions): Promise<SeededProduct>;
  /** A customer account made through the sign-up form (its session is not kept). */
  customer(label?: string): Promise<Account>;
  /** A guest's order through the order form; the pieces are held for it (sold once it is paid). */
  order(options: OrderOptions): Promise<{ id: string; number: string; trackingPath: string; email: string }>;
  /** An upcoming event of a day, three weeks ahead (with an end, so its dialog says "Jusqu'au"). */
  event(): Promise<{ id: string; title: string }>;
}

/** A small generated PNG (its width tells it apart once stored: the shop re-encodes every image). */
export async function pngFile(width: number, name = `photo-${width}.png`) {
  const buffer = await sharp({
    create: { width, height: 90, channels: 3, background: { r: 30, g: (width * 7) % 255, b: 140 } },
  })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

async function ok(response: Awaited<ReturnType<APIRequestContext["post"]>>, what: string) {
  if (!response.ok() && response.status() !== 303 && response.status() !== 302)
    throw new Error(`${what} : ${response.status()} ${(await response.text()).slice(0, 300)}`);
  return response;
}

export const test = base.extend<{
  allowedConsoleErrors: RegExp | null;
  failOnConsoleErrors: undefined;
  seed: Seed;
  login: (page: Page, account: { email: string; password: string }) => Promise<void>;
}>({
  // One client address per test (the server trusts X-Forwarded-For in the e2e run): rate limits
  // then count per test, like per visitor.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": clientAddress() });
  },
  /** Console errors a test expects (one pattern), e.g. the browser's "status of 404" line on a 404 page. */
  allowedConsoleErrors: [null, { option: true }],
  // Every page.goto waits until React has hydrated the page, so no click lands on inert HTML.
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (javaScriptEnabled !== false) await waitForHydration(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (javaScriptEnabled !== false) await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        if (allowedConsoleErrors?.test(message.text())) return;
        problems.push(`console.error: ${message.text()}`);
      });
      // The stack says where: an error thrown by the framework looks like one of ours otherwise.
      page.on("pageerror", (error) => problems.push(`page error: ${error.stack ?? error.message}`));
      await use(undefined);
      expect(problems, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
  login: async ({ baseURL }, use) => {
    await use(async (page, account) => {
      // The context's own request client shares its cookies: the page is signed in afterwards.
      const response = await page.context().request.post("/auth", {
        form: { intent: "login", email: account.email, password: account.password, redirectTo: "" },
        headers: { origin: baseURL as string },
        maxRedirects: 0,
      });
      expect(response.status(), `connexion de ${account.email}`).toBe(302);
    });
  },
  seed: async ({ playwright, baseURL }, use) => {
    const origin = baseURL as string;
    const contexts: APIRequestContext[] = [];
    const client = async (storageState?: string) => {
      const context = await playwright.request.newContext({
        baseURL: origin,
        storageState: storageState ?? { cookies: [], origins: [] },
        extraHTTPHeaders: { origin, "x-forwarded-for": clientAddress() },
      });
      contexts.push(context);
      return context;
    };
    let admin: APIRequestContext | undefined;
    const asAdmin = async () => {
      admin ??= await client(STORAGE.admin);
      return admin;
    };
    let own: Promise<SeededCategory> | undefined;

    const newCategory = async (label = "Essai") => {
      const name = `${label} ${uniqueSuffix()}`;
      await ok(
        await (await asAdmin()).post("/admin/categories", {
          form: { intent: "create", kind: "categories", name },
        }),
        `catégorie ${name}`,
      );
      // The command answers with its message only: the id is read back by the unique name.
      const row = query<{ id: string }>("select id from categories where name = ?", name)[0];
      if (!row) throw new Error(`catégorie ${name} introuvable après sa création`);
      return { id: row.id, name };
    };

    const seed: Seed = {
      category: () => {
        own ??= newCategory();
        return own;
      },
      newCategory,
      async product(options = {}) {
        const category = options.category ?? (await seed.category());
        const name = options.name ?? `Pièce Essai ${uniqueSuffix()}`;
        const form = new FormData();
        form.append("intent", "save");
        form.append("name", name);
        form.append("description", options.description ?? "Une pièce faite pour un test.");
        form.append("price", options.price ?? "42");
        form.append("stock", String(options.stock ?? 3));
        if (options.unique) form.append("isUnique", "on");
        if (options.sold) form.append("isSold", "on");
        form.append("categories", category.id);
        for (let i = 0; i < (options.images ?? 1); i++) {
          const file = await pngFile(120 + i * 10);
          form.append("images", `new:${i}`);
          form.append("files", new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }));
        }
        const response = await ok(
          await (await asAdmin()).post("/api/admin/produits", { multipart: form }),
          `produit ${name}`,
        );
        const { product } = (await response.json()) as { product: { id: string; slug: string } };
        return {
          id: product.id,
          slug: product.slug,
          name,
          priceCents: Math.round(Number(options.price ?? "42") * 100),
          stock: options.unique ? 1 : (options.stock ?? 3),
          category,
        };
      },
      async customer(label = "cliente") {
        const suffix = uniqueSuffix();
        const account = {
          email: `${label}-${suffix}@exemple.fr`,
          password: "Perle-Essai-2026",
          name: `${label[0]?.toUpperCase()}${label.slice(1)} ${suffix}`,
        };
        const visitor = await client();
        const response = await visitor.post("/auth", {
          form: { intent: "signup", ...account, passwordConfirm: account.password, redirectTo: "" },
          maxRedirects: 0,
        });
        expect(response.status(), `inscription de ${account.email}`).toBe(302);
        return account;
      },
      async order({ lines, name = "Hina Essai", email = `commande-${uniqueSuffix()}@exemple.fr`, paid }) {
        const fields: Record<string, string> = {
          "form-name": "commande",
          site_web: "",
          name,
          email,
          phone: "",
          delivery: "envoi",
          addressLine: "3 impasse des Embruns",
          postalCode: "56170",
          city: "Quiberon",
          eventId: "",
          message: "",
        };
        for (const line of lines) fields[`quantite.${line.product.id}`] = String(line.quantity ?? 1);
        const response = await (await client()).post("/contact?commande=panier", {
          form: fields,
          maxRedirects: 0,
        });
        expect(response.status(), `commande de ${email}`).toBe(303);
        const trackingPath = (response.headers().location ?? "").split("?")[0] as string;
        const row = query<{ id: string; number: string }>(
          "select id, number from orders where email = ?",
          email,
        )[0];
        if (!row) throw new Error(`commande de ${email} introuvable`);
        if (paid) {
          await ok(
            await (await asAdmin()).post(`/admin/commandes/${row.id}`, {
              form: { intent: "mark-paid", orderId: row.id },
            }),
            `paiement de ${row.number}`,
          );
          const status = query<{ status: string }>("select status from orders where id = ?", row.id)[0];
          if (status?.status !== "payee")
            throw new Error(`${row.number} n'est pas payée (${status?.status})`);
        }
        return { ...row, trackingPath, email };
      },
      async event() {
        const title = `Marché des perles ${uniqueSuffix()}`;
        const day = new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);
        const form = new FormData();
        for (const [key, value] of Object.entries({
          intent: "save",
          title,
          startDate: `${day}T10:00:00.000Z`,
          endDate: `${day}T17:00:00.000Z`,
          location: "Port de Papeete",
          description: "Une journée de perles et de rencontres.",
        }))
          form.append(key, value);
        const response = await ok(
          await (await asAdmin()).post("/api/admin/evenements", { multipart: form }),
          `événement ${title}`,
        );
        await response.dispose();
        // The command answers with its message only: the id is read back by the unique title.
        const id = query<{ id: string }>("select id from events where title = ?", title)[0]?.id;
        if (!id) throw new Error(`événement ${title} introuvable après sa création`);
        return { id, title };
      },
    };
    await use(seed);
    for (const context of contexts) await context.dispose();
  },
});

/** The demo admin, for tests that sign in through the form. */
export { ADMIN, expect };

/** For pages opened outside the fixture (a second browser context). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
