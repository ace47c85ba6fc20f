/**
 * The undelivered e-mails on the dashboard (ADR 025): a mail that failed after its last try shows
 * on the overview and in /admin/parametres, with the mail server's last answer, to the admin only;
 * "Renvoyer" gives it a fresh set of tries and the outbox worker sends it. A customer's or a
 * visitor's POST changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_CUSTOMER, queryDatabase, signIn } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;
let adminCookie: string;
let customerCookie: string;
const SUBJECT = "Nacre — votre commande NAC-2026-0999 est enregistrée";

beforeAll(async () => {
  shop = await startTestShop("undelivered-mails");
  adminCookie = await signIn(shop.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  customerCookie = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  const at = new Date().toISOString();
  await shop.ctx.db
    .insertInto("mail_outbox")
    .values({
      id: "echec1",
      kind: "confirmation de commande",
      recipient: "boite-pleine@exemple.fr",
      subject: SUBJECT,
      message: JSON.stringify({ to: "boite-pleine@exemple.fr", subject: SUBJECT, text: "Merci !" }),
      status: "failed",
      attempts: 8,
      last_error: "EENVELOPE 552 : Mailbox full",
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

const page = (path: string, cookie?: string) =>
  fetch(`${shop.url}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

const retry = (cookie?: string) =>
  fetch(`${shop.url}/admin/parametres`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: shop.url,
      "content-type": "application/x-www-form-urlencoded",
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({ intent: "retry-mail", mailId: "echec1" }),
  });

const status = () =>
  queryDatabase(shop.dataDir, async (db) =>
    db.get<{ status: string; message: string }>(
      "select status, message from mail_outbox where id = 'echec1'",
    ),
  );

describe("a mail that could not be delivered", () => {
  it("shows on the overview and in the settings to the admin, with the server's answer; never to others", async () => {
    const overview = await page("/admin", adminCookie);
    const overviewHtml = await overview.text();
    expect(overview.status).toBe(200);
    expect(overviewHtml).toContain("1 e-mail non distribué");
    expect(overviewHtml).toContain("E-mails non distribués");

    const settings = await page("/admin/parametres", adminCookie);
    const html = await settings.text();
    expect(html).toContain("NAC-2026-0999");
    expect(html).toContain("boite-pleine@exemple.fr");
    expect(html).toContain("EENVELOPE 552 : Mailbox full");
    expect(html).toContain("Renvoyer");

    for (const path of ["/admin", "/admin/parametres"]) {
      const asCustomer = await page(path, customerCookie);
      expect(asCustomer.status).toBe(302);
      expect(asCustomer.headers.get("location")).toContain("/mon-compte");
      expect(await asCustomer.text()).not.toContain("boite-pleine@exemple.fr");
      const anonymous = await page(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("location")).toContain("/auth");
    }
  });

  it("is sent again only by the admin's 'Renvoyer'", async () => {
    expect((await retry(customerCookie)).status).toBe(302);
    expect((await retry()).status).toBe(302);
    expect((await status())?.status).toBe("failed");

    const response = await retry(adminCookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("E-mail remis en file : il part dans un instant.");
    // The worker delivers it: the row keeps a short record, without its body.
    const deadline = Date.now() + 20_000;
    while ((await status())?.status !== "sent" && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await status()).toEqual({ status: "sent", message: "" });

    const again = await retry(adminCookie);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("plus en échec : il est déjà parti ou en cours d");
  });
});
