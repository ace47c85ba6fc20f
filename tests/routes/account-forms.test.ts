/**
 * The account forms' answers, posted as a browser without JavaScript posts them (docs/product.md §5,
 * §8): the password-reset request (a blank address refused, a known and an unknown one answered
 * alike), the profile (saved, the e-mail shown read-only) and the one review (incomplete refused,
 * then pending with thanks, then thanked again instead of a second form).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageHtml, textOf } from "../support/page-html";
import { DEMO_CUSTOMER, queryDatabase, signUp } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;

beforeAll(async () => {
  // Each request from its own client address: the reset and signup limits count per address.
  shop = await startTestShop("account-forms", { TRUST_PROXY: "1" });
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

let address = 0;
function post(path: string, fields: Record<string, string> | FormData, cookie?: string) {
  return fetch(`${shop.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      origin: shop.url,
      "x-forwarded-for": `10.77.0.${++address}`,
      ...(cookie ? { cookie } : {}),
    },
    body: fields instanceof FormData ? fields : new URLSearchParams(fields),
  });
}

describe("the password-reset request", () => {
  const RESET_SENT = "Un email de réinitialisation a été envoyé à votre adresse.";

  it("refuses a blank address in French", async () => {
    const response = await post("/auth?vue=oubli", { intent: "forgot", email: "  " });
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("Veuillez saisir votre adresse email.");
  });

  it("answers an unknown address as it answers a known one", async () => {
    const known = await post("/auth?vue=oubli", { intent: "forgot", email: DEMO_CUSTOMER.email });
    const unknown = await post("/auth?vue=oubli", { intent: "forgot", email: "personne-ici@exemple.fr" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(textOf(await known.text())).toContain(RESET_SENT);
    expect(textOf(await unknown.text())).toContain(RESET_SENT);
  });
});

describe("a new customer's account", () => {
  let cookie: string;
  const email = "formulaires-compte@exemple.fr";

  beforeAll(async () => {
    cookie = await signUp(shop.url, email, "Hinano Formulaires");
  });

  it("saves the profile, and shows the e-mail read-only", async () => {
    const username = (
      (await queryDatabase(shop.dataDir, (db) =>
        db.get("select username from users where email = ?", email),
      )) as {
        username: string;
      }
    ).username;
    const form = new FormData();
    for (const [key, value] of Object.entries({
      intent: "profile",
      username,
      name: "Hinano Tehei",
      phoneNumber: "06 11 22 33 44",
      postalCode: "29900",
    }))
      form.append(key, value);
    const saved = await post("/mon-compte", form, cookie);
    expect(saved.status).toBe(200);
    expect(textOf(await saved.text())).toContain("Profil mis à jour avec succès !");
    expect(
      await queryDatabase(shop.dataDir, (db) =>
        db.get("select name, phone_number, postal_code from users where email = ?", email),
      ),
    ).toEqual({ name: "Hinano Tehei", phone_number: "06 11 22 33 44", postal_code: "29900" });
    const page = await pageHtml(shop.url, "/mon-compte", cookie);
    expect(/<input[^>]*id="profile-email"[^>]*>/.exec(page)?.[0]).toMatch(
      /readOnly=""[^>]*value="formulaires-compte@exemple\.fr"|value="formulaires-compte@exemple\.fr"[^>]*readOnly=""/,
    );
  });

  it("takes one review: incomplete refused, then pending with thanks, then thanked instead of a second form", async () => {
    const incomplete = await post("/mon-compte", { intent: "review", rating: "", comment: "   " }, cookie);
    expect(incomplete.status).toBe(400);
    expect(textOf(await incomplete.text())).toContain("Veuillez donner une note et un commentaire.");
    const sent = await post(
      "/mon-compte",
      { intent: "review", rating: "4", comment: "Un collier magnifique, reçu très vite !" },
      cookie,
    );
    expect(sent.status).toBe(200);
    expect(textOf(await sent.text())).toContain("Merci ! Votre avis a été soumis pour approbation.");
    expect(
      await queryDatabase(shop.dataDir, (db) =>
        db.all(
          "select r.rating, r.is_approved from reviews r join users u on u.id = r.user_id where u.email = ?",
          email,
        ),
      ),
    ).toEqual([{ rating: 4, is_approved: 0 }]);
    const page = textOf(await pageHtml(shop.url, "/mon-compte", cookie));
    expect(page).toContain("Merci, votre avis a bien été pris en compte.");
    expect(page).not.toContain("Envoyer mon avis");
  });
});
