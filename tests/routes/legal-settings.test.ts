/**
 * Legal pages that read the settings (docs/product.md §10.21), a route test (the app in this
 * process, over real HTTP): the admin edits the consumer mediator and the inactivity limit in the
 * settings ('Identité légale et médiation', intent save-legal), and the mentions légales, the CGV
 * and the privacy policy show them at once. Bad input is refused in French with a 400 and changes
 * nothing; customers and visitors cannot save.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postCommand } from "../support/page-command";
import { DEMO_ADMIN, queryDatabase, signIn, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let server: TestShop;
let admin: string;
let customer: string;

const LEGAL = {
  intent: "save-legal",
  ownerName: "Maïana Teriierooiterai",
  legalForm: "Entreprise individuelle",
  siret: "732829320 00074",
  hostName: "Hébergeur du Lagon SAS",
  hostAddress: "3 quai des Perles, 98714 Papeete",
  mediatorName: "Médiation du Récif & Associés",
  mediatorAddress: "7 avenue des Lagons, 75008 Paris",
  mediatorUrl: "https://mediation-recif.example.fr/saisir",
  inactivityMonths: "24",
};

function post(pathname: string, cookie: string, fields: Record<string, string>) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

/** The settings page's command as its fetcher (the form's JavaScript) posts it, decoded. */
function command(cookie: string, fields: Record<string, string>) {
  return postCommand(server.url, "/admin/parametres", fields, cookie);
}

function legalRow() {
  return queryDatabase(server.dataDir, (db) =>
    db.get<Record<string, unknown>>(
      `select owner_name, legal_form, siret, host_name, host_address, mediator_name, mediator_address,
         mediator_url, inactivity_months, updated_at from shop_settings where id = 'shop'`,
    ),
  );
}

/** A legal page as a visitor gets it: through the anonymous page cache, which every write empties. */
async function page(pathname: string): Promise<string> {
  const response = await fetch(`${server.url}${pathname}`);
  expect(response.status, pathname).toBe(200);
  return response.text();
}

beforeAll(async () => {
  server = await startTestShop("mentions-reglages");
  admin = await signIn(server.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
  customer = await signUp(server.url, "cliente-mentions@exemple.fr", "Cliente Mentions");
}, 120_000);

afterAll(async () => {
  await server?.close();
});

describe("the legal identity and mediation settings", () => {
  it("the demo names its mediator and states the default limit of 3 years", async () => {
    const cgv = await page("/cgv");
    expect(cgv).toContain("CM2C");
    expect(cgv).toContain('href="https://www.cm2c.net"');
    expect(cgv).not.toContain("communiquées sur simple demande");
    expect(await page("/politique-de-confidentialite")).toMatch(/Après\s+3 ans sans aucune activité/);
  });

  it("an admin saves the mediator and the limit; the three legal pages show them", async () => {
    // The dashboard page's own action, posted as a plain form; then as its fetcher posts it.
    const saved = await post("/admin/parametres", admin, LEGAL);
    expect(saved.status).toBe(200);
    await saved.body?.cancel();
    expect(await legalRow()).toMatchObject({
      owner_name: LEGAL.ownerName,
      siret: "732 829 320 00074",
      mediator_name: LEGAL.mediatorName,
      mediator_url: LEGAL.mediatorUrl,
      inactivity_months: 24,
    });
    const fetched = await command(admin, LEGAL);
    expect(fetched).toEqual({
      status: 200,
      body: { ok: true, message: "Identité légale et médiation enregistrées." },
      location: null,
    });

    const notice = await page("/mentions-legales");
    expect(notice).toContain("<strong>Exploitante&nbsp;:</strong> Maïana Teriierooiterai");
    expect(notice).toContain("<strong>Forme juridique&nbsp;:</strong> Entreprise individuelle");
    expect(notice).toContain("<strong>SIRET&nbsp;:</strong> 732 829 320 00074");
    expect(notice).toContain("14 rue des Goélands, 56170 Quiberon");
    expect(notice).toContain("<strong>Hébergeur&nbsp;:</strong> Hébergeur du Lagon SAS");
    expect(notice).toContain("3 quai des Perles, 98714 Papeete");
    expect(notice).toContain("<strong>Médiateur&nbsp;:</strong> Médiation du Récif &amp; Associés");
    expect(notice).toContain("7 avenue des Lagons, 75008 Paris");
    expect(notice).toContain(
      '<a href="https://mediation-recif.example.fr/saisir" rel="noreferrer" target="_blank">mediation-recif.example.fr/saisir</a>',
    );

    const cgv = await page("/cgv");
    const article15 = cgv.slice(cgv.indexOf('id="article-15"'), cgv.indexOf('id="article-16"'));
    expect(article15).toContain("Médiation du Récif &amp; Associés");
    expect(article15).toContain("7 avenue des Lagons, 75008 Paris");
    expect(article15).toContain('href="https://mediation-recif.example.fr/saisir"');
    expect(article15).not.toContain("CM2C");
    expect(article15).not.toContain("communiquées sur simple demande");

    const privacy = await page("/politique-de-confidentialite");
    expect(privacy).toMatch(/Après\s+2 ans sans aucune activité sur votre compte/);
    expect(privacy).not.toContain("3 ans sans aucune activité");
    expect(privacy).toContain("un e-mail de prévenance vous est envoyé 30 jours avant");
    expect(privacy).toMatch(/seules les commandes payées sont conservées, rendues\s+anonymes/);
    expect(privacy).toContain("«&nbsp;Télécharger mes données&nbsp;»");
    expect(privacy).toContain("«&nbsp;Supprimer mon compte&nbsp;»");

    // 18 months is not a whole number of years: the policy counts it in months. Through the fetcher.
    const again = await command(admin, { ...LEGAL, inactivityMonths: "18" });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await page("/politique-de-confidentialite")).toMatch(/Après\s+18 mois sans aucune activité/);
    expect((await legalRow())?.inactivity_months).toBe(18);
  });

  it("without a mediator the CGV say its details are given on request", async () => {
    const blank = await command(admin, {
      ...LEGAL,
      mediatorName: "",
      mediatorAddress: "",
      mediatorUrl: "",
    });
    expect(blank.status).toBe(200);
    const cgv = await page("/cgv");
    const article15 = cgv.slice(cgv.indexOf('id="article-15"'), cgv.indexOf('id="article-16"'));
    expect(article15).toContain("Ses coordonnées vous sont communiquées sur simple demande");
    expect(article15).not.toContain("Médiateur&nbsp;:");
    // Put the mediator back for the next tests.
    expect((await command(admin, LEGAL)).status).toBe(200);
  });

  it("refuses a bad SIRET, an http:// website and a limit of 11 or 61 months: French 400, nothing changed", async () => {
    const before = await legalRow();
    const cases: [Record<string, string>, string][] = [
      [{ siret: "732 829 320 00075" }, "Le SIRET doit compter 14 chiffres valides"],
      [{ siret: "7328293200007" }, "Le SIRET doit compter 14 chiffres valides"],
      [{ siret: "732-829-320-00074" }, "Le SIRET doit compter 14 chiffres valides"],
      [
        { mediatorUrl: "http://mediation-recif.example.fr" },
        "doit être une adresse complète commençant par https://",
      ],
      [{ mediatorUrl: "javascript:alert(1)" }, "doit être une adresse complète commençant par https://"],
      [{ inactivityMonths: "11" }, "Les comptes inactifs sont supprimés après 12 mois au moins."],
      [{ inactivityMonths: "61" }, "Les comptes inactifs sont supprimés après 60 mois au plus."],
      [{ inactivityMonths: "24.5" }, "doit être un nombre entier de mois"],
      [{ inactivityMonths: "" }, "doit être un nombre entier de mois"],
    ];
    for (const [fields, message] of cases) {
      const refused = { ...LEGAL, mediatorName: "Ne doit pas rester", ...fields };
      const label = JSON.stringify(fields);
      // A plain form post: the page again, with the action's status and its message.
      const response = await post("/admin/parametres", admin, refused);
      const text = await response.text();
      expect(response.status, `form ${label}`).toBe(400);
      expect(text, `form ${label}`).toContain(message);
      // The fetcher's post: the action's own answer, with the French message the form shows.
      const fetched = await command(admin, refused);
      expect(fetched.status, `fetcher ${label}`).toBe(400);
      expect(String(fetched.body?.error), `fetcher ${label}`).toContain(message);
    }
    expect(await legalRow()).toEqual(before);
  });

  it("customers and visitors cannot save the legal settings", async () => {
    const before = await legalRow();
    const hijack = { ...LEGAL, mediatorName: "Médiateur pirate", inactivityMonths: "12" };
    expect(await command(customer, hijack)).toEqual({
      status: 302,
      body: null,
      location: "/mon-compte?acces=refuse",
    });
    expect(await command("", hijack)).toEqual({
      status: 302,
      body: null,
      location: `/auth?redirectTo=${encodeURIComponent("/admin/parametres")}`,
    });
    const pageAsCustomer = await post("/admin/parametres", customer, hijack);
    expect(pageAsCustomer.status).toBe(302);
    expect(pageAsCustomer.headers.get("location")).toBe("/mon-compte?acces=refuse");
    const pageAsVisitor = await post("/admin/parametres", "", hijack);
    expect(pageAsVisitor.status).toBe(302);
    expect(pageAsVisitor.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    expect(await legalRow()).toEqual(before);
    expect(await page("/cgv")).not.toContain("Médiateur pirate");
  });

  it("the settings page shows the form with the stored values", async () => {
    const response = await fetch(`${server.url}/admin/parametres`, { headers: { cookie: admin } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain("Identité légale et médiation");
    expect(html).toContain("Suppression des comptes inactifs après (mois)");
    expect(html).toContain('value="Médiation du Récif &amp; Associés"');
    expect(html).toContain('value="24"');
  });
});

describe("the CGV follow the shop's order settings (docs/product.md §10.19)", () => {
  /** The CGV's article 5, as a visitor reads it. */
  async function article5() {
    const cgv = await page("/cgv");
    return cgv.slice(cgv.indexOf('id="article-5"'), cgv.indexOf('id="article-6"'));
  }

  it("say the phone number and hours, the two-hour hold and the hold days the dashboard saved", async () => {
    const shop = {
      intent: "save",
      shopName: "Nacre",
      addressLine: "14 rue des Goélands",
      postalCode: "56170",
      city: "Quiberon",
      phone: "06 77 88 99 00",
      email: "bonjour@nacre.test",
      instagramUrl: "",
      facebookUrl: "",
      tiktokUrl: "",
      mapQuery: "",
      mapLatitude: "",
      mapLongitude: "",
      openingHours: "du mardi au samedi de 10 h à 17 h",
    };
    expect((await command(admin, shop)).status).toBe(200);
    const orders = { intent: "save-orders", holdDays: "12", notifyNewOrder: "on" };
    expect((await command(admin, orders)).status).toBe(200);
    let text = await article5();
    expect(text).toContain("au 06 77 88 99 00, du mardi au samedi de 10 h à 17 h.");
    expect(text).toContain("2 heures tant que vous");
    expect(text).toContain("puis 12 jours à compter de la demande");
    expect(text).not.toContain("9&nbsp;h à 18&nbsp;h");

    expect((await command(admin, { ...orders, holdDays: "1" })).status).toBe(200);
    expect((await command(admin, { ...shop, openingHours: "" })).status).toBe(200);
    text = await article5();
    expect(text).toContain("puis 1 jour à compter de la demande");
    expect(text).toContain("au 06 77 88 99 00.");
  });
});
