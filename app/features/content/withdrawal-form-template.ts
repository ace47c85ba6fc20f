/**
 * The model withdrawal form of the Code de la consommation (annexe à l'article R221-1, in its
 * wording since décret 2022-424, in force since 28 May 2022; décret 2026-3 of 5 January 2026 changed
 * the information notice of the annex to R221-3, not this form: ADR 029). Its words are the Code's,
 * verbatim; only the part in brackets, which the Code asks the professional to fill (« le
 * professionnel insère ici son nom, son adresse géographique et son adresse électronique »), is
 * filled with the seller's details from the settings. One text for the CGV's annexe 1, the PDF
 * attached to the confirmation e-mail and the order's page (docs/product.md §10.26).
 */

export const WITHDRAWAL_FORM_TITLE = "Modèle de formulaire de rétractation";

/** Who the form is addressed to: the seller's name, postal address and e-mail (R221-1 annex). */
export interface WithdrawalFormSeller {
  name: string;
  address: string;
  email: string;
}

/** The bracketed part of the Code's form, filled: what the settings do not give is left out. */
export function formAddressee(seller: WithdrawalFormSeller): string {
  return [seller.name, seller.address, seller.email].filter((part) => part.trim() !== "").join(", ");
}

/** The Code's form as lines of plain text, `addressee` in its bracketed place. */
export function withdrawalFormLines(addressee: string): string[] {
  return [
    "(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)",
    `À l'attention de ${addressee} :`,
    "Je/nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :",
    "Commandé le (*)/reçu le (*) :",
    "Nom du (des) consommateur(s) :",
    "Adresse du (des) consommateur(s) :",
    "Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :",
    "Date :",
    "(*) Rayez la mention inutile.",
  ];
}

/**
 * The form as a passage of the CGV's Markdown (annexe 1): the Code's lines, their asterisks
 * escaped, the addressee left as the template's placeholders so the settings fill it like the rest.
 */
export function withdrawalFormMarkdown(): string {
  const addressee = "{{sellerName}}{{#address}}, {{address}}{{/address}}{{#email}}, {{email}}{{/email}}";
  const [intro, ...rest] = withdrawalFormLines(addressee).map((line) =>
    line.replace(/\*/g, "\\*").replace(/ :$/, "&nbsp;:"),
  );
  return [`*${intro}*`, "", ...rest.flatMap((line) => [line, ""])].join("\n").trimEnd();
}
