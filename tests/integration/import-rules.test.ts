/**
 * The import directions of the layout (README "Architecture") are the lint's, not a reviewer's:
 * UI code never imports server code, and server code takes only schemas, types, messages and pure
 * helpers from the UI folders (biome.json, noRestrictedImports). This test writes probe modules
 * that break each rule and one that keeps them, and reads Biome's verdict.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { root } from "../support/shop-server";

const probeDir = path.join(root, "app/features/zz-import-probe");
afterAll(() => fs.rmSync(probeDir, { recursive: true, force: true }));

function lint(files: Record<string, string>): { file: string; line: number; rule: string }[] {
  fs.rmSync(probeDir, { recursive: true, force: true });
  fs.mkdirSync(probeDir, { recursive: true });
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(probeDir, name), text);
  const biome = path.join(root, "node_modules/.bin/biome");
  const run = spawnSync(biome, ["lint", "--reporter=json", probeDir], { cwd: root, encoding: "utf8" });
  fs.rmSync(probeDir, { recursive: true, force: true });
  const report = JSON.parse(run.stdout) as {
    diagnostics: {
      category: string;
      location: { path: { file: string } | string; start?: { line: number } };
    }[];
  };
  return report.diagnostics
    .filter((d) => d.category.startsWith("lint/"))
    .map((d) => {
      const where = d.location.path;
      return {
        file: path.basename(typeof where === "string" ? where : where.file),
        line: d.location.start?.line ?? 0,
        rule: d.category,
      };
    });
}

describe("import directions", () => {
  it("fails the lint when UI code imports server code", () => {
    const found = lint({
      "probe-card.tsx": [
        'import { getDb } from "~/server/context.server";',
        'import { listEvents } from "~/features/events/events.server";',
        "export const probe = [getDb, listEvents];",
        "",
      ].join("\n"),
    });
    expect(found.filter((d) => d.rule === "lint/style/noRestrictedImports")).toHaveLength(2);
  });

  it("fails the lint when server code imports a component, and accepts schemas and pure helpers", () => {
    const found = lint({
      "probe.server.ts": [
        'import { FeatureBar } from "~/components/feature-bar";',
        'import { ProductPage } from "~/features/catalogue/product-page";',
        'import { profileSchema } from "~/features/account/profile-schema";',
        'import { PRODUCT_PAGES } from "~/features/catalogue/product-page-kinds";',
        'import { slugify } from "~/lib/slugify";',
        "export const probe = [FeatureBar, ProductPage, profileSchema, PRODUCT_PAGES, slugify];",
        "",
      ].join("\n"),
    });
    const refused = found.filter((d) => d.rule === "lint/style/noRestrictedImports");
    expect(refused.map((d) => d.line).sort()).toEqual([1, 2]);
  });

  it("passes the modules as they are", () => {
    const run = spawnSync(path.join(root, "node_modules/.bin/biome"), ["lint", "app"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });
});
