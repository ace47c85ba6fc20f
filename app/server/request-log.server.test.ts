import { describe, expect, it } from "vitest";
import { loggablePath } from "./request-log.server";

describe("loggablePath", () => {
  it("masks the values that may carry a secret and keeps the rest", () => {
    expect(loggablePath("/reinitialiser-mot-de-passe?token=abc123secret")).toBe(
      "/reinitialiser-mot-de-passe?token=[masqué]",
    );
    expect(loggablePath("/api/auth/reset-password/xyz?callbackURL=%2Freinit&Token=T")).toBe(
      "/api/auth/reset-password/xyz?callbackURL=[masqué]&Token=[masqué]",
    );
    expect(loggablePath("/catalogue?categorie=bagues&tri=prix")).toBe("/catalogue?categorie=bagues&tri=prix");
    expect(loggablePath("/contact")).toBe("/contact");
  });
});
