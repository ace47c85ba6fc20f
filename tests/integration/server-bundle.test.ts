/**
 * What the build puts where (ADR 002): the demo seed and its artwork are a chunk of their own that
 * the server reads only when a start seeds; the legal texts and their Markdown renderer stay on the
 * server.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/shop-server";

const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const filesIn = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith(".js"))
    .map((name) => path.join(dir, name));

describe("the build", () => {
  it("keeps the demo seed and its artwork out of the server's main bundle", () => {
    const main = read("build/server/index.js");
    for (const seedOnly of ["renderHeroArt", "Collier Lagon de Rangiroa", "demoInspirationAlts"]) {
      expect(main).not.toContain(seedOnly);
    }
    const chunk = /import\("\.\/(assets\/seed-[\w-]+\.js)"\)/.exec(main)?.[1];
    expect(chunk, "index.js imports the seed on demand").toBeDefined();
    expect(read(`build/server/${chunk}`)).toContain("renderHeroArt");
  });

  it("sends the browser neither the legal texts nor the Markdown renderer", () => {
    for (const file of filesIn("build/client/assets")) {
      const code = read(file);
      expect(code, file).not.toContain("Information sur les garanties légales");
      expect(code, file).not.toContain("{{shopName}}");
      expect(code, file).not.toContain("Infinite loop on byte"); // marked's lexer
    }
  });
});
