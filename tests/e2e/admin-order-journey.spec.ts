/**
 * The whole order journey of docs/product.md §10.19 and the lawful selling around it (§10.24–10.27),
 * across three browsers. The guest is on a phone (390 px wide, touch): the seller's dashboard stays
 * at desktop size in its own context (the test's page, signed in as the admin), as the seller works
 * from a computer; the other visitor is at desktop size too.
 *
 * A guest orders a unique piece of the test's own by post from the cart, the delivery's cost and the
 * total following the zone and the quantity typed; the seller's open dashboard counts the new order
 * live; another visitor finds the piece 'Réservée' and cannot order it; the admin sends a payment
 * link (the guest's e-mail in the outbox carries it) and marks the order paid: the confirmation
 * e-mail carries the CGV and the model withdrawal form as PDFs; then shipped: the piece is in the
 * gallery as sold, the guest's link shows every step and offers the invoice (its number, the order's
 * and the seller's SIRET, read back from the downloaded PDF); then delivered; the guest withdraws
 * (« Renoncer au contrat ici », the declaration, « Confirmer la rétractation ») and the
 * acknowledgement gives the declaration's date and time; the seller sees the withdrawal, records
 * the return (the piece is for sale again) and the refund, which issues a credit note the guest
 * downloads. Each step's rules are tested over HTTP in the Vitest suites (orders, admin orders,
 * invoices, withdrawal, contract, delivery).
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_DATA_DIR } from "../../playwright.config";
import { type ParsedMail, parseMail } from "../support/outbox";
import { pdfText } from "../support/pdf-text";
import { STORAGE } from "./accounts";
import { query } from "./demo-data";
import { clientAddress, expect, test, uniqueSuffix, waitForHydration } from "./fixtures";

test.use({ storageState: STORAGE.admin });
test.describe.configure({ timeout: 120_000 });

/** "91,90", as typed in an amount field. */
const typed = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");
/** "91,90 €" as a pattern (the space before € is a no-break one). */
const amount = (cents: number) => `${typed(cents)}\\s€`;
const euros = (cents: number) => new RegExp(`^${amount(cents)}$`);

/** A phone in the hand: 390 px wide, a touch screen, the mobile viewport. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The outbox's e-mails to `to`, each decoded: its text and HTML parts and its attachments. */
function mailsTo(to: string): ParsedMail[] {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
    .filter((raw) => raw.includes(`To: ${to}`))
    .map(parseMail);
}

const saying = (to: string, words: string) =>
  mailsTo(to).some((mail) => `${mail.text}\n${mail.html}`.includes(words));

/** An instant as the shop writes it, computed here on its own: Paris time, French words. */
const paris = (iso: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", ...options }).format(new Date(iso));
const parisDay = (instant: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(instant);

/** A page's errors, for the pages the fixture does not watch (those of the other contexts). */
function watchErrors(page: Page, problems: string[]) {
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
}

/** Taps a download link and returns the file. */
async function download(page: Page, link: ReturnType<Page["getByRole"]>): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), link.tap()]);
  return fs.readFileSync(await file.path());
}

test("a guest on a phone orders a unique piece by post, pays, receives it, withdraws and is refunded", async ({
  page,
  browser,
  baseURL,
  seed,
}) => {
  // Below the free threshold (150 €), so the parcel has a cost to show.
  const piece = await seed.product({ unique: true, price: "85" });
  const deliveryCents = 690;
  const totalCents = piece.priceCents + deliveryCents;
  const email = `parcours-${uniqueSuffix()}@exemple.fr`;
  const own = { baseURL, locale: "fr-FR", serviceWorkers: "block" as const };
  const guestContext = await browser.newContext({
    ...own,
    ...PHONE,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress() },
  });
  const visitorContext = await browser.newContext({
    ...own,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress() },
  });
  const problems: string[] = [];
  try {
    // 1. The guest orders it from the cart, by post.
    const guest = await guestContext.newPage();
    watchErrors(guest, problems);
    await guest.goto(`/catalogue/produit/${piece.slug}`);
    await waitForHydration(guest);
    await guest.getByRole("main").getByRole("button", { name: "Ajouter au panier" }).tap();
    await guest.getByRole("link", { name: "Panier (1)" }).tap();
    await guest
      .getByRole("dialog", { name: "Votre Panier" })
      .getByRole("button", { name: "Contacter pour commander" })
      .tap();
    const form = guest.getByRole("region", { name: "Votre commande" });
    await expect(form.getByRole("link", { name: piece.name })).toBeVisible();
    // The order form: the piece, its quantity (at most 1: unique), the total following what is typed.
    const quantity = form.getByRole("spinbutton", { name: `Quantité de ${piece.name}` });
    await expect(quantity).toHaveValue("1");
    await expect(quantity).toHaveAttribute("max", "1");
    // A parcel (the form's first choice) to France métropolitaine (the first zone): its cost and the
    // total with it, before anything is sent (L221-5, ADR 028).
    await expect(guest.getByRole("radio", { name: /Envoi postal/ })).toBeChecked();
    const cost = form.getByTestId("order-delivery-cost");
    const total = form.getByTestId("order-total");
    await expect(form.getByTestId("order-subtotal")).toHaveText(euros(piece.priceCents));
    await expect(form.getByText("Livraison (Envoi postal, France métropolitaine)")).toBeVisible();
    await expect(cost).toHaveText(euros(deliveryCents));
    await expect(total).toHaveText(euros(totalCents));
    await expect(form.getByText("Livraison offerte dès 150,00 € de créations.")).toBeVisible();
    // Another zone, another cost, the total with it.
    const zone = guest.getByLabel("Pays / zone de livraison");
    await zone.selectOption({ label: "Union européenne" });
    await expect(cost).toHaveText(euros(1290));
    await expect(total).toHaveText(euros(piece.priceCents + 1290));
    await zone.selectOption({ label: "France métropolitaine" });
    await expect(total).toHaveText(euros(totalCents));
    await expect(guest.getByRole("button", { name: "Envoyer le message" })).toHaveCount(0);
    // Nothing ordered, nothing to send nor to pay.
    await quantity.fill("0");
    await expect(total).toHaveText(euros(0));
    await expect(cost).toHaveText("—");
    await expect(form.getByRole("button", { name: "Envoyer ma commande" })).toBeDisabled();
    await quantity.fill("1");
    await expect(total).toHaveText(euros(totalCents));

    // The seller's dashboard, open before the order: its count of new orders changes live, once its
    // stream (opened a second after the page) is there to carry it.
    const stream = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/api/chat/flux" && response.status() === 200,
    );
    await page.goto("/admin/commandes");
    await stream;
    const ordersLink = page
      .getByRole("navigation", { name: "Administration" })
      .getByRole("link", { name: /^Commandes/ });
    const countBefore = await ordersLink.textContent();

    await form.getByLabel("Nom", { exact: true }).fill("Vaiana Parcours");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("radio", { name: /Envoi postal/ }).check();
    await form.getByLabel("Adresse").fill("12 quai des Nacres");
    await form.getByLabel("Code postal").fill("29900");
    await form.getByLabel("Ville").fill("Concarneau");
    await form.getByRole("button", { name: "Envoyer ma commande" }).tap();
    await expect(guest).toHaveURL(/\/commande\/[A-Za-z0-9_-]{43}$/);
    const trackingPath = new URL(guest.url()).pathname;
    await expect(guest.getByRole("link", { name: "Panier (0)" })).toBeVisible();
    // The order keeps the cost and the total the form showed.
    await expect(guest.getByTestId("order-delivery-cost")).toHaveText(euros(deliveryCents));
    await expect(guest.getByText(/^Total :/)).toHaveText(new RegExp(`^Total : ${amount(totalCents)}$`));
    // Other tests place orders meanwhile, none takes one out of 'Nouvelle': the count only grows.
    await expect.poll(() => ordersLink.textContent()).not.toBe(countBefore);
    const { number, id } = query<{ number: string; id: string }>(
      "select number, id from orders where email = ?",
      email,
    )[0] as { number: string; id: string };
    // The e-mail of the order carries the private link.
    await expect.poll(() => saying(email, trackingPath)).toBe(true);

    // 2. Another visitor: 'Réservée', and the server refuses an order all the same.
    const visitor = await visitorContext.newPage();
    watchErrors(visitor, problems);
    await visitor.goto(`/catalogue/produit/${piece.slug}`);
    await waitForHydration(visitor);
    await expect(
      visitor.getByRole("main").getByText("Pièce unique · Réservée", { exact: true }),
    ).toBeVisible();
    await expect(visitor.getByRole("main").getByRole("button", { name: "Réservée" }).first()).toBeDisabled();
    const refused = await visitor.request.post("/contact?commande=panier", {
      form: {
        "form-name": "commande",
        [`quantite.${piece.id}`]: "1",
        name: "Teva Second",
        email: "teva.second@exemple.fr",
        phone: "",
        delivery: "main_propre",
        message: "",
      },
      headers: { origin: new URL(baseURL ?? "").origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain(
      `« ${piece.name} » vient d'être réservée pour une autre commande.`,
    );

    // 3. The admin sends the payment link, e-mailed to the guest, and marks the order paid.
    await page.goto("/admin/commandes");
    await page
      .getByRole("row", { name: new RegExp(number) })
      .getByRole("link", { name: number })
      .click();
    await expect(page).toHaveURL(new RegExp(`/admin/commandes/${id}$`));
    const paymentUrl = `https://paiement.exemple.fr/p/${number}`;
    await page.getByLabel("Lien de paiement (https://…)").fill(paymentUrl);
    await page.getByRole("button", { name: "Envoyer le lien de paiement" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Lien de paiement envoyé par email." }),
    ).toBeVisible();
    await expect.poll(() => saying(email, paymentUrl)).toBe(true);
    await page.getByRole("button", { name: "Marquer payée" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Commande marquée payée." })).toBeVisible();

    // The confirmation of the contract on a durable medium (§10.26, L221-13): the CGV of the day and
    // the model withdrawal form, attached as PDFs.
    let confirmation: ParsedMail | undefined;
    await expect
      .poll(() => {
        confirmation = mailsTo(email).find((mail) => mail.attachments.length > 0);
        return confirmation?.attachments.length;
      })
      .toBe(2);
    expect(confirmation?.text).toContain(number);
    expect(confirmation?.text).toContain("Renoncer au contrat ici");
    const [cgv, withdrawalForm] = confirmation?.attachments ?? [];
    expect(cgv?.filename).toMatch(/^CGV-v\d+\.pdf$/);
    expect(cgv?.contentType).toBe("application/pdf");
    const cgvVersion = /^CGV-v(\d+)\.pdf$/.exec(cgv?.filename ?? "")?.[1];
    expect(pdfText(cgv?.content ?? Buffer.alloc(0))).toContain(`version ${cgvVersion}`);
    expect(withdrawalForm?.filename).toBe("formulaire-retractation.pdf");
    expect(withdrawalForm?.contentType).toBe("application/pdf");
    expect(pdfText(withdrawalForm?.content ?? Buffer.alloc(0))).toContain(
      "vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat",
    );

    // 4. Shipped with a tracking number, e-mailed to the guest.
    await page.getByLabel("Numéro de suivi (facultatif)").fill("6A98765432101");
    await page.getByRole("button", { name: "Marquer expédiée" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Commande marquée expédiée." })).toBeVisible();
    await expect.poll(() => saying(email, "6A98765432101")).toBe(true);

    // 5. The piece is sold, in the gallery.
    await visitor.goto(`/galerie/vendu/${piece.slug}`);
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(piece.name);
    await expect(visitor.getByText("Pièce Unique - Vendue", { exact: true })).toBeVisible();
    const shopPage = await visitor.goto(`/catalogue/produit/${piece.slug}`);
    expect(new URL(visitor.url()).pathname, `${shopPage?.status()}`).toBe(`/galerie/vendu/${piece.slug}`);

    // 6. The guest's link shows every step taken, with its date, the tracking number, and the invoice.
    await guest.goto(trackingPath);
    await expect(guest.getByRole("heading", { level: 1 })).toHaveText(`Commande ${number}`);
    const status = guest.getByRole("region", { name: /Statut/ });
    await expect(status.getByRole("heading", { level: 2 })).toContainText("Expédiée");
    // Paid, so a contract: the withdrawal function is offered from the order's page (§10.24).
    const control = status.getByRole("link", { name: "Renoncer au contrat ici" });
    await expect(control).toBeVisible();
    await expect(status).toContainText("jusqu'à 14 jours après sa livraison");
    await expect(status).toContainText("6A98765432101");
    const steps = status.getByRole("list", { name: "Étapes de la commande" }).getByRole("listitem");
    for (const label of ["Nouvelle", "Lien de paiement envoyé", "Payée", "Expédiée"]) {
      const step = steps.filter({ hasText: label });
      await expect(step).toHaveAttribute("data-done", "true");
      await expect(step.locator("time")).toHaveCount(1);
    }
    await expect(steps.filter({ hasText: "Livrée" })).toContainText("À venir");
    // The invoice (§10.25), issued at payment: its number, the order's, the seller's SIRET.
    const documents = guest.getByRole("list", { name: "Factures et avoirs" });
    const invoiceLink = documents.getByRole("link", { name: /^Facture FAC-\d{4}-\d{4} \(PDF\)$/ });
    const invoiceNumber = /FAC-\d{4}-\d{4}/.exec((await invoiceLink.textContent()) ?? "")?.[0] as string;
    const invoice = pdfText(await download(guest, invoiceLink));
    const { siret } = query<{ siret: string }>("select siret from shop_settings where id = 'shop'")[0] as {
      siret: string;
    };
    expect(siret).not.toBe("");
    for (const expected of [invoiceNumber, number, `SIRET ${siret}`, piece.name])
      expect(invoice, expected).toContain(expected);

    // 7. Delivered: the 14 days start (L221-18), the last one named.
    await page.getByRole("button", { name: "Marquer livrée" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Commande marquée livrée." })).toBeVisible();
    await guest.reload();
    await waitForHydration(guest);
    await expect(status.getByRole("heading", { level: 2 })).toContainText("Livrée");
    await expect(steps.filter({ hasText: "Livrée" })).toHaveAttribute("data-done", "true");
    await expect(status).toContainText(/jusqu'au .+ inclus/);

    // 8. The guest withdraws: « Renoncer au contrat ici », the declaration, its own confirmation.
    await control.tap();
    await expect(guest).toHaveURL(`${trackingPath}/retractation`);
    const declaration = guest.getByRole("form", { name: "Déclaration de rétractation" });
    await expect(declaration).toContainText(`Je renonce au contrat de vente de la commande ${number}`);
    await expect(declaration.getByLabel("Votre nom")).toHaveValue("Vaiana Parcours");
    await expect(declaration.getByLabel("Adresse e-mail pour l'accusé de réception")).toHaveValue(email);
    await expect(declaration.getByRole("checkbox", { name: `${piece.name} × 1` })).toBeChecked();
    await declaration.getByLabel("Motif (facultatif)").fill("La teinte ne me va pas.");
    await declaration.getByRole("button", { name: "Confirmer la rétractation" }).tap();
    await expect(guest).toHaveURL(trackingPath);
    await expect(
      guest.getByRole("status").filter({ hasText: `Votre rétractation de la commande ${number}` }),
    ).toBeVisible();
    const declaredAt = query<{ declared_at: string }>(
      "select declared_at from order_withdrawals where order_id = ?",
      id,
    )[0]?.declared_at as string;
    const day = paris(declaredAt, { day: "numeric", month: "long", year: "numeric" });
    const [hours, minutes] = paris(declaredAt, {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).split(":");
    await expect(status).toContainText(
      `Vous vous êtes rétracté(e) de cette commande le ${day} à ${hours}h${minutes}.`,
    );
    await expect(status.getByRole("link", { name: "Renoncer au contrat ici" })).toHaveCount(0);

    // 9. The acknowledgement on a durable medium (L221-21), with the declaration's date and time.
    let acknowledgement: ParsedMail | undefined;
    await expect
      .poll(() => {
        acknowledgement = mailsTo(email).find((mail) =>
          mail.text.includes("Nous avons bien reçu votre rétractation"),
        );
        return Boolean(acknowledgement);
      })
      .toBe(true);
    for (const expected of [
      `Nous avons bien reçu votre rétractation le ${day} à ${hours} h ${minutes}`,
      `Déclaration faite : le ${day} à ${hours} h ${minutes} (heure de Paris)`,
      number,
      piece.name,
      "La teinte ne me va pas.",
    ])
      expect(acknowledgement?.text, expected).toContain(expected);

    // 10. The seller sees the withdrawal, records the return, then the refund.
    await page.reload();
    const withdrawal = page.getByRole("region", { name: "Rétractation", exact: true });
    await expect(withdrawal).toContainText(`par Vaiana Parcours (accusé de réception envoyé à ${email})`);
    await expect(withdrawal).toContainText(piece.name);
    await expect(withdrawal).toContainText("Motif : La teinte ne me va pas.");
    await withdrawal.getByRole("button", { name: "Retour reçu" }).click();
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: "Retour enregistré : les pièces sont de nouveau en vente." }),
    ).toBeVisible();
    await expect(withdrawal.getByRole("button", { name: "Retour reçu" })).toHaveCount(0);
    // Everything withdrawn: all that was paid comes back, the delivery included (L221-24).
    await expect(withdrawal.getByLabel("Montant remboursé (€)")).toHaveValue(typed(totalCents));
    const today = parisDay(new Date());
    await withdrawal.getByLabel("Date du remboursement").fill(today);
    await withdrawal.getByRole("button", { name: "Remboursée" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Remboursement enregistré." })).toBeVisible();
    const refunded = withdrawal.getByRole("list", { name: "Étapes de la rétractation" });
    await expect(refunded).toContainText(new RegExp(`Remboursée\\s+${amount(totalCents)} le `));
    // The credit note of the refund, against the invoice (§10.25), on the seller's page.
    const sellerDocuments = page.getByRole("list", { name: "Factures et avoirs" });
    await expect(sellerDocuments.getByRole("link", { name: /^Avoir AV-\d{4}-\d{4} \(PDF\)$/ })).toBeVisible();

    // 11. The piece is for sale again, in the catalogue.
    const onSale = await visitor.goto(`/catalogue/produit/${piece.slug}`);
    expect(new URL(visitor.url()).pathname, `${onSale?.status()}`).toBe(`/catalogue/produit/${piece.slug}`);
    await expect(
      visitor.getByRole("main").getByRole("button", { name: "Ajouter au panier" }).first(),
    ).toBeEnabled();

    // 12. The guest downloads the credit note from the order's page.
    await guest.reload();
    await waitForHydration(guest);
    const creditLink = documents.getByRole("link", { name: /^Avoir AV-\d{4}-\d{4} \(PDF\)$/ });
    const creditNumber = /AV-\d{4}-\d{4}/.exec((await creditLink.textContent()) ?? "")?.[0] as string;
    const creditNote = pdfText(await download(guest, creditLink));
    for (const expected of [
      creditNumber,
      invoiceNumber,
      number,
      (totalCents / 100).toFixed(2).replace(".", ","),
    ])
      expect(creditNote, expected).toContain(expected);
  } finally {
    await guestContext.close();
    await visitorContext.close();
  }
  expect(problems, "the guest's and the visitor's pages logged errors").toEqual([]);
});
