import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookies";

describe("cookieValue", () => {
  it("reads one cookie of a header by its whole name, as sent", () => {
    const header = "nacre_compte=admin; xnacre_panier=autre; nacre_panier=abc%3D; vide=";
    expect(cookieValue(header, "nacre_compte")).toBe("admin");
    expect(cookieValue(header, "nacre_panier")).toBe("abc%3D");
    expect(cookieValue(header, "vide")).toBe("");
    expect(cookieValue(header, "nacre")).toBeNull();
    expect(cookieValue(undefined, "nacre_compte")).toBeNull();
  });
});
