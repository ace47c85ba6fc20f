import { describe, expect, it } from "vitest";
import { loggablePath } from "./request-log.server";

describe("loggablePath", () => {
  it("masks the values that may carry a secret and keeps the rest", () => {
    expect(loggablePath("/reinitialiser-mot-de-passe?token=abc123secret")).toBe(
      "/reinitialiser-mot-de-passe?token=[masqué]",
    );
    expect(loggablePath("/api/auth/reset-password/xyz?callbackURL=%2Freinit&Token=T")).toBe(
      "/api/auth/reset-password/[masqué]?callbackURL=[masqué]&Token=[masqué]",
    );
    expect(loggablePath("/catalogue?categorie=bagues&tri=prix")).toBe("/catalogue?categorie=bagues&tri=prix");
    expect(loggablePath("/contact")).toBe("/contact");
  });

  it("masks the reset token Better Auth puts in the path, and any segment after an auth endpoint", () => {
    const token = "Zr8kq2XbW4pLm9TnVc3Hs7Ya";
    expect(loggablePath(`/api/auth/reset-password/${token}?callbackURL=%2Freinitialiser`)).toBe(
      "/api/auth/reset-password/[masqué]?callbackURL=[masqué]",
    );
    expect(loggablePath(`/api/auth/verify-email/${token}/encore`)).not.toContain(token);
    expect(loggablePath("/api/auth/get-session")).toBe("/api/auth/get-session");
    expect(loggablePath("/catalogue/produit/collier-perle-de-tahiti")).toBe(
      "/catalogue/produit/collier-perle-de-tahiti",
    );
  });
});
