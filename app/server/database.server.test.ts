/**
 * What the shop may print of DATABASE_URL (the start-up banner): where it connects, never the
 * password, wherever the address carries it.
 */
import { describe, expect, it } from "vitest";
import { redactedDatabaseUrl } from "./database.server";

describe("redactedDatabaseUrl", () => {
  it("masks the password of the address and keeps the rest", () => {
    expect(
      redactedDatabaseUrl("postgres://nacre:s3cr%40t-Pass@db.example:5432/boutique?sslmode=require"),
    ).toBe("postgres://nacre:[masqué]@db.example:5432/boutique?sslmode=require");
  });

  it("masks a password given as a parameter", () => {
    const shown = redactedDatabaseUrl(
      "postgresql://nacre@db.example/boutique?password=Param-Secret&sslpassword=Cle-Secrete",
    );
    expect(shown).toBe("postgresql://nacre@db.example/boutique?password=[masqué]&sslpassword=[masqué]");
  });

  it("leaves an address without a password as it is, and shows nothing of one it cannot read", () => {
    expect(redactedDatabaseUrl("postgres://nacre@localhost/boutique")).toBe(
      "postgres://nacre@localhost/boutique",
    );
    expect(redactedDatabaseUrl("postgres://nacre:Mot de passe@[hote/base")).toBe("postgres://[masqué]");
  });
});
