import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

function tempDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "nacre-env-"));
}

describe("parseEnv (docs/product.md §11)", () => {
  it("has the documented defaults", () => {
    const dataDir = tempDir();
    const env = parseEnv({ DATA_DIR: dataDir });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.PUBLIC_URL).toBe("http://localhost:3000");
    expect(env.SEED_DEMO).toBe(true);
    expect(env.ADMIN_EMAIL).toBe("admin@nacre.test");
    expect(env.ADMIN_PASSWORD).toBeUndefined(); // no known password ships: generated at first start
    expect(env.DEMO_PASSWORD).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.dataDir).toBe(dataDir);
  });

  it("names the variable that is wrong", () => {
    expect(() => parseEnv({ DATA_DIR: tempDir(), PORT: "quatre-vingts" })).toThrow(EnvError);
    expect(() => parseEnv({ DATA_DIR: tempDir(), PORT: "99999" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATA_DIR: tempDir(), PUBLIC_URL: "pas une url" })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ DATA_DIR: tempDir(), ADMIN_PASSWORD: "court" })).toThrow(/ADMIN_PASSWORD/);
    expect(() => parseEnv({ DATA_DIR: tempDir(), SEED_DEMO: "peut-être" })).toThrow(/SEED_DEMO/);
    expect(() => parseEnv({ DATA_DIR: tempDir(), SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
  });

  it("switches to PostgreSQL only on a postgres:// URL, and then requires a shared AUTH_SECRET (ADR 014)", () => {
    expect(parseEnv({ DATA_DIR: tempDir() }).DATABASE_URL).toBeUndefined();
    expect(() => parseEnv({ DATA_DIR: tempDir(), DATABASE_URL: "mysql://localhost/nacre" })).toThrow(
      /DATABASE_URL: doit commencer par postgres:\/\/ ou postgresql:\/\//,
    );
    const url = "postgres://nacre:secret@localhost:5432/nacre";
    expect(() => parseEnv({ DATA_DIR: tempDir(), DATABASE_URL: url })).toThrow(
      /AUTH_SECRET: obligatoire avec DATABASE_URL/,
    );
    const secret = "x".repeat(32);
    const env = parseEnv({ DATA_DIR: tempDir(), DATABASE_URL: url, AUTH_SECRET: secret });
    expect(env.DATABASE_URL).toBe(url);
    expect(env.AUTH_SECRET).toBe(secret);
  });

  it("generates AUTH_SECRET once and keeps it in DATA_DIR", () => {
    const dataDir = tempDir();
    const first = parseEnv({ DATA_DIR: dataDir }).AUTH_SECRET;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(parseEnv({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(first);
    expect(fs.readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(first);
    expect(parseEnv({ DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(40) }).AUTH_SECRET).toBe("x".repeat(40));
  });

  it("seeds the demo by default on a laptop, never on a public production address unless asked", () => {
    const at = (NODE_ENV: string, PUBLIC_URL?: string, SEED_DEMO?: string) =>
      parseEnv({ DATA_DIR: tempDir(), NODE_ENV, PUBLIC_URL, SEED_DEMO }).SEED_DEMO;
    expect(at("production")).toBe(true); // http://localhost:3000
    expect(at("production", "http://127.0.0.1:8080")).toBe(true);
    expect(at("production", "https://nacre.localhost")).toBe(true);
    expect(at("development", "https://bijoux-nacre.fr")).toBe(true);
    expect(at("production", "https://bijoux-nacre.fr")).toBe(false);
    expect(at("production", "https://bijoux-nacre.fr", "1")).toBe(true);
    expect(at("production", "http://localhost:3000", "0")).toBe(false);
  });

  it("never disables rate limits in production", () => {
    expect(
      parseEnv({ DATA_DIR: tempDir(), NODE_ENV: "production", DISABLE_RATE_LIMIT: "1" }).DISABLE_RATE_LIMIT,
    ).toBe(false);
  });
});
