import { describe, expect, it } from "vitest";
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  multiLineText,
  singleLineText,
} from "./text-schema";

const C0 = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i));
const C1 = Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i));

describe("text schemas", () => {
  it("refuses every C0 and C1 control character in a one-line field, with the French message", () => {
    const schema = singleLineText().min(1).max(80);
    for (const control of [...C0, ...C1]) {
      const parsed = schema.safeParse(`Bra${control}celet`);
      expect(parsed.success, JSON.stringify(control)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it("refuses a NUL that trim() keeps, alone or at either end", () => {
    for (const text of ["\0", "  \0  ", "\0Perle", "Perle\0"]) {
      expect(singleLineText().safeParse(text).error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
      expect(multiLineText().safeParse(text).error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  it("lets a text area keep tabs and line breaks, but no other control character", () => {
    expect(multiLineText().parse("Bonjour,\r\n\tune question\nsur la perle")).toBe(
      "Bonjour,\r\n\tune question\nsur la perle",
    );
    for (const control of [...C0, ...C1].filter((c) => !["\t", "\n", "\r"].includes(c)))
      expect(multiLineText().safeParse(`a${control}b`).success, JSON.stringify(control)).toBe(false);
    expect(singleLineText().safeParse("a\tb").success).toBe(false);
  });

  it("trims and normalises to NFC; ordinary French, emoji and right-to-left marks pass", () => {
    expect(singleLineText().parse("  Nacre\u0301e  ")).toBe("Nacr\u00e9e");
    expect(singleLineText().parse("e\u0301")).toBe("\u00e9");
    for (const text of ["Perle de Tahiti — 12 €", "🐚 coquillage", "«\u00a0guillemets\u00a0»", "\u202Eelcin"])
      expect(singleLineText().safeParse(text).success, text).toBe(true);
    expect(hasControlCharacters("\u0085")).toBe(true);
    expect(hasControlCharacters("\u00a0")).toBe(false);
  });

  it("keeps its own error parameter and composes with defaults", () => {
    expect(singleLineText("Titre requis.").safeParse(undefined).error?.issues[0]?.message).toBe(
      "Titre requis.",
    );
    expect(multiLineText().default("").parse(undefined)).toBe("");
  });
});
