import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resetPasswordMail } from "~/features/auth/auth-mails.server";
import { createMailer } from "~/server/mail.server";
import { parseMail } from "../../../tests/support/outbox";
import { inactivityWarningMail } from "../account/inactive-accounts.server";
import { chatMail, contactMail, reviewMail } from "../settings/seller-notifications.server";
import { composeMail, mailHtml } from "./compose-mail.server";
import { type MailContent, mailText } from "./mail-template";

const brand = { shopName: "Nacre", publicUrl: "https://nacre.exemple.fr" };

const content: MailContent = {
  to: "hina@exemple.fr",
  subject: "Nacre — commande NAC-2026-0042 : Payée",
  brand,
  title: "Merci pour votre paiement",
  preview: "Votre commande est en préparation.",
  greeting: "Bonjour Hina,",
  blocks: [
    { kind: "text", lines: ["Nous avons bien reçu votre paiement,", "merci !"] },
    {
      kind: "pieces",
      title: "Commande NAC-2026-0042",
      pieces: [
        {
          name: "Bague Lagon",
          quantity: 2,
          price: "18,00 € l'unité, soit 36,00 €",
          imageUrl: "https://nacre.exemple.fr/images/products/abc.webp?w=400",
          url: "https://nacre.exemple.fr/bijoux/bague-lagon",
        },
        { name: "Collier Perle de culture", quantity: 1, price: "Prix sur demande" },
      ],
      rows: [["Total", "36,00 € + à confirmer"]],
      notes: ["Le prix des pièces « Prix sur demande » vous sera confirmé."],
    },
    { kind: "facts", rows: [["Numéro de suivi", "6A123"]] },
    { kind: "quote", text: "<script>alert(1)</script> & merci" },
    {
      kind: "action",
      intro: "Suivre votre commande :",
      label: "Suivre ma commande",
      url: "https://nacre.exemple.fr/commande/t0k3n?x=1&y=2",
    },
    { kind: "note", lines: ["Gardez ce lien pour vous."] },
  ],
  signature: "Ia ora na, à bientôt sur Nacre.",
};

describe("an e-mail of the shop", () => {
  it("has a plain-text part with every block, in order, a blank line between them", () => {
    expect(mailText(content)).toBe(
      [
        "Bonjour Hina,",
        "",
        "Nous avons bien reçu votre paiement,\nmerci !",
        "",
        "Commande NAC-2026-0042\n- Bague Lagon × 2 — 18,00 € l'unité, soit 36,00 €\n- Collier Perle de culture × 1 — Prix sur demande\nTotal : 36,00 € + à confirmer\nLe prix des pièces « Prix sur demande » vous sera confirmé.",
        "",
        "Numéro de suivi : 6A123",
        "",
        "<script>alert(1)</script> & merci",
        "",
        "Suivre votre commande :\nhttps://nacre.exemple.fr/commande/t0k3n?x=1&y=2",
        "",
        "Gardez ce lien pour vous.",
        "",
        "Ia ora na, à bientôt sur Nacre.",
      ].join("\n"),
    );
  });

  it("has an accessible HTML part in French: one h1, h2 sections, alt texts, the shop's name and links", () => {
    const { html = "", text } = composeMail(content);
    expect(text).toBe(mailText(content));
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toMatch(/<html[^>]* lang="fr"/);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>Merci pour votre paiement<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>Commande NAC-2026-0042<\/h2>/);
    expect(html).toContain("<title>Nacre — commande NAC-2026-0042 : Payée</title>");
    // Every picture says what it shows; pictures are absolute links to served sizes.
    const images = html.match(/<img[^>]*>/g) ?? [];
    expect(images).toHaveLength(1);
    expect(images[0]).toContain('alt="Bague Lagon"');
    expect(images[0]).toContain('src="https://nacre.exemple.fr/images/products/abc.webp?w=400"');
    expect(html).toContain('href="https://nacre.exemple.fr/bijoux/bague-lagon"');
    expect(html).toContain('href="https://nacre.exemple.fr/commande/t0k3n?x=1&amp;y=2"');
    expect(html).toContain(">Suivre ma commande<");
    expect(html).toContain('href="https://nacre.exemple.fr"');
    // The preview line, the prices and totals as text, not pictures.
    expect(html).toContain("Votre commande est en préparation.");
    expect(html).toContain("36,00 € + à confirmer");
  });

  it("never lets what a customer wrote become markup", () => {
    const { html = "" } = composeMail(content);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; merci");
  });

  it("holds at 360 px and follows a dark system theme", () => {
    const { html = "" } = composeMail(content);
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain("@media (prefers-color-scheme: dark)");
    expect(html).toContain("max-width:600px");
    expect(html).toContain("@media only screen and (max-width: 480px)");
  });

  it("goes as one message with a text part and an HTML part", async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-mail-"));
    try {
      const mailer = createMailer({ outboxDir, from: "Nacre <bonjour@nacre.test>" });
      const { file } = await mailer.send(composeMail(content));
      const raw = fs.readFileSync(file as string, "utf8");
      expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
      // The text part first: apps that cannot show HTML show the first part they can.
      expect(raw.search(/Content-Type: text\/plain; charset=utf-8/i)).toBeGreaterThan(0);
      expect(raw.search(/Content-Type: text\/plain/i)).toBeLessThan(raw.search(/Content-Type: text\/html/i));
      const mail = parseMail(raw);
      expect(mail.text.replace(/\r\n/g, "\n")).toBe(mailText(content));
      expect(mail.html.replace(/\r\n/g, "\n")).toBe(mailHtml(content));
    } finally {
      fs.rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  it("is how the accounts' and the seller's e-mails go: each with its HTML part and its own title", () => {
    const shop = { shopName: "Nacre", email: "atelier@nacre.test" };
    const mails = [
      resetPasswordMail(
        { email: "hina@exemple.fr", name: "Hina" },
        "https://nacre.exemple.fr/reset/x",
        brand.publicUrl,
      ),
      inactivityWarningMail(
        { email: "hina@exemple.fr", name: "Hina" },
        {
          shopName: "Nacre",
          months: 36,
          deletionDate: new Date("2026-12-26T10:00:00Z"),
          publicUrl: brand.publicUrl,
        },
      ),
      contactMail(
        shop,
        { name: "Hina", email: "hina@exemple.fr", message: "Bonjour <b>!</b>" },
        brand.publicUrl,
      ),
      reviewMail(shop, { authorName: "Hina", rating: 5, comment: "Superbe" }, brand.publicUrl),
      chatMail(shop, { customerName: "Hina", content: "Vous êtes là ?" }, brand.publicUrl),
    ];
    for (const mail of mails) {
      expect(mail.html, mail.subject).toMatch(/<html[^>]* lang="fr"/);
      expect(mail.html?.match(/<h1[\s>]/g), mail.subject).toHaveLength(1);
      expect(mail.text, mail.subject).not.toMatch(/<(p|table|a|h1)[\s>]/);
    }
    expect(mails[2]?.html).toContain("Bonjour &lt;b&gt;!&lt;/b&gt;");
    expect(mails[2]?.replyTo).toBe("hina@exemple.fr");
  });
});
