import { describe, expect, it } from "vitest";
import { refererPath } from "./basket-form.server";

const posted = (referer: string) =>
  new Request("https://bijoux.example.fr/api/panier", { method: "POST", headers: { referer } });

describe("the page a basket button posted without JavaScript goes back to", () => {
  it("is the Referer's path and query when the Referer is the shop's own page", () => {
    expect(refererPath(posted("https://bijoux.example.fr/catalogue?categorie=colliers"))).toBe(
      "/catalogue?categorie=colliers",
    );
  });

  it("is never another site, nor a path a browser reads as another site", () => {
    for (const referer of [
      "https://evil.example/x",
      "http://bijoux.example.fr/catalogue",
      "https://bijoux.example.fr//evil.example/x",
      "https://bijoux.example.fr/\\evil.example/x",
      "https://bijoux.example.fr/api/panier",
      "pas une adresse",
    ])
      expect(refererPath(posted(referer)), referer).toBeNull();
  });
});
