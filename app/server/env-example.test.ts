import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv as parseDotEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const root = path.resolve(import.meta.dirname, "../..");
const example = fs.readFileSync(path.join(root, ".env.example"), "utf8");

/** The variables env.server.ts reads: the keys of its schema. */
function schemaKeys(): string[] {
  const source = fs.readFileSync(path.join(import.meta.dirname, "env.server.ts"), "utf8");
  const schema = source.slice(
    source.indexOf("const envSchema"),
    source.indexOf("});", source.indexOf("const envSchema")),
  );
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1] as string);
}

describe(".env.example", () => {
  it("documents every variable the server reads", () => {
    const keys = schemaKeys();
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((key) => !new RegExp(`^(# )?${key}[=:]`, "m").test(example))).toEqual([]);
  });

  it("shows values the server accepts, in a format Node and systemd both read", () => {
    const lines = example
      .split("\n")
      .filter((line) => /^# [A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => line.slice(2));
    // Unquoted KEY=value only: systemd's EnvironmentFile and Node's loader agree on those.
    for (const line of lines) expect(line).toMatch(/^[A-Z0-9_]+=[^"'\s]*$/);
    const values = parseDotEnv(lines.join("\n"));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-env-example-"));
    expect(() => parseEnv({ ...values, DATA_DIR: dataDir })).not.toThrow();
  });
});
