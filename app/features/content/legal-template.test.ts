import { describe, expect, it } from "vitest";
import { fillLegalTemplate, fillLine, fillTemplate, markdownText } from "./legal-template";

const values = { shopName: "Nacre", ownerName: "", email: "bonjour@nacre.test", address: "" };

describe("legal text placeholders", () => {
  it("writes a value as literal Markdown text", () => {
    expect(markdownText("A*b_<i>[x](y)")).toBe("A\\*b\\_\\<i\\>\\[x\\]\\(y\\)");
    expect(markdownText("deux\nlignes")).toBe("deux lignes");
  });

  it("shows a section only when its field is set, an inverted one only when it is blank", () => {
    const line = "par {{#ownerName}}{{ownerName}}{{/ownerName}}{{^ownerName}}{{shopName}}{{/ownerName}}";
    expect(fillLine(line, values, (v) => v)).toBe("par Nacre");
    expect(fillLine(line, { ...values, ownerName: "Vaimiti" }, (v) => v)).toBe("par Vaimiti");
  });

  it("nests sections of the same field", () => {
    const line =
      "{{#email}}- {{#email}}[{{email}}](mailto:{{email}}){{/email}}{{^email}}x{{/email}}{{/email}}";
    expect(fillLine(line, values, (v) => v)).toBe("- [bonjour@nacre.test](mailto:bonjour@nacre.test)");
    expect(fillLine(line, { ...values, email: "" }, (v) => v)).toBe("");
  });

  it("drops the lines left blank by blank fields, keeps the blank lines of the text", () => {
    const text = "Intro\n\n{{#address}}- Adresse : {{address}}{{/address}}\n- Nom : {{shopName}}";
    expect(fillTemplate(text, values)).toBe("Intro\n\n- Nom : Nacre");
  });

  it("refuses an unknown field or an unclosed section", () => {
    expect(() => fillLine("{{siren}}", values, (v) => v)).toThrow("champ « siren » inconnu");
    expect(() => fillLine("{{#email}} ouvert", values, (v) => v)).toThrow("n'est pas fermé");
    expect(() => fillLine("{{/email}}", values, (v) => v)).toThrow("ne ferme rien");
  });
});

describe("a legal text", () => {
  const source = [
    "---",
    "title: Conditions",
    "lead: Chez {{shopName}}.",
    "updated: 2024-04-30",
    "---",
    "",
    "Préambule de {{shopName}}.",
    "",
    "## Article 1 — Objet {#article-1}",
    "",
    "Texte {{> mail}}.",
    "",
    "## Annexe {#annexe-1}",
    "",
    "Fin.",
  ].join("\n");

  it("gives the front matter, the preamble and the sections with their anchors", () => {
    const filled = fillLegalTemplate(source, values, { mail: "[{{email}}](mailto:{{email}})\n" });
    expect(filled).toEqual({
      title: "Conditions",
      lead: "Chez Nacre.",
      updatedOn: "2024-04-30",
      preamble: "Préambule de Nacre.",
      sections: [
        {
          id: "article-1",
          title: "Article 1 — Objet",
          body: "Texte [bonjour\\@nacre\\.test](mailto:bonjour\\@nacre\\.test).",
        },
        { id: "annexe-1", title: "Annexe", body: "Fin." },
      ],
    });
  });

  it("refuses a missing passage, a doubled anchor or a missing date", () => {
    expect(() => fillLegalTemplate(source, values)).toThrow("passage « mail » inconnu");
    const doubled = source.replace("{#annexe-1}", "{#article-1}");
    expect(() => fillLegalTemplate(doubled, values, { mail: "" })).toThrow("en double");
    expect(() => fillLegalTemplate(source.replace("2024-04-30", "avril"), values, { mail: "" })).toThrow(
      "AAAA-MM-JJ",
    );
  });
});
