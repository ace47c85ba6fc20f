/**
 * The import zones (ADR 031, README "Layout") are the lint's, not a reviewer's: `npm run lint` runs
 * scripts/import-zones.ts, and this test calls it in-process (a static analysis needs no server).
 * Each zone is shown refusing a probe written into a scratch tree, and the real tree passes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { checkImports } from "../../scripts/import-zones";

const root = fileURLToPath(new URL("../..", import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-import-zones-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const noDebts: { outOfZone: readonly string[]; cycleEdges: readonly string[] } = {
  outOfZone: [],
  cycleEdges: [],
};

/** A scratch tree holding only `files` (paths under app/), checked with no known debts. */
function probe(name: string, files: Record<string, string[]>, known = noDebts) {
  const tree = path.join(scratch, name);
  for (const [file, lines] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    fs.writeFileSync(path.join(tree, file), `${lines.join("\n")}\n`);
  }
  return checkImports(tree, known);
}

const refused = (check: ReturnType<typeof checkImports>) =>
  check.findings.map((f) => `${f.rule} ${f.file}:${f.line}`).sort();

describe("import zones", () => {
  it("refuses server code in UI modules", () => {
    const check = probe("ui", {
      "app/features/probe/probe-card.tsx": [
        'import { getDb } from "~/server/context.server";',
        'import { listEvents } from "~/features/events/events.server";',
        'import { formatPrice } from "~/lib/format";',
        "export const probe = [getDb, listEvents, formatPrice];",
      ],
    });
    expect(refused(check)).toEqual([
      "ui-imports-server app/features/probe/probe-card.tsx:1",
      "ui-imports-server app/features/probe/probe-card.tsx:2",
    ]);
  });

  it("refuses a component in server code, and accepts schemas, kinds and pure helpers", () => {
    const check = probe("server", {
      "app/features/probe/probe.server.ts": [
        'import { FeatureBar } from "~/components/feature-bar";',
        'import { ProductPage } from "~/features/catalogue/product-page";',
        'import { profileSchema } from "~/features/account/profile-schema";',
        'import { PRODUCT_PAGES } from "~/features/catalogue/product-page-kinds";',
        'import cgv from "~/features/content/legal/cgv.md?raw";',
        'import { slugify } from "~/lib/slugify";',
        "export const probe = [FeatureBar, ProductPage, profileSchema, PRODUCT_PAGES, cgv, slugify];",
      ],
    });
    expect(refused(check)).toEqual([
      "server-imports-ui app/features/probe/probe.server.ts:1",
      "server-imports-ui app/features/probe/probe.server.ts:2",
    ]);
  });

  it("refuses a feature in app/components/ and app/lib/, by alias or by relative path", () => {
    const check = probe("generic", {
      "app/components/probe-card.tsx": [
        'import type { OrderStatus } from "~/features/orders/order-types";',
        'import styles from "./probe-card.module.css";',
        "export type Probe = [OrderStatus, typeof styles];",
      ],
      "app/lib/probe.ts": ["export const later = () =>", '  import("../features/search/search-query");'],
    });
    expect(refused(check)).toEqual([
      "generic-imports-feature app/components/probe-card.tsx:1",
      "generic-imports-feature app/lib/probe.ts:2",
    ]);
    expect(check.findings[0]?.message).toMatch(/never import app\/features\//);
  });

  it("lets only the composition modules of app/server/ import a feature", () => {
    const check = probe("platform", {
      "app/server/probe-mails.server.ts": [
        'import { composeMail } from "~/features/mail/compose-mail.server";',
        "export const probe = composeMail;",
      ],
      "app/server/context.server.ts": [
        'import { loadChatEvent } from "~/features/chat/chat.server";',
        "export const probe = loadChatEvent;",
      ],
      "app/server/startup.server.ts": [
        'export { ensureSearchIndex } from "~/features/search/search-index.server";',
      ],
      "app/server/http-app.server.ts": ['import "../features/basket/availability-endpoint.server";'],
    });
    expect(refused(check)).toEqual(["platform-imports-feature app/server/probe-mails.server.ts:1"]);
  });

  it("names each import that closes a cycle between features, with the way round", () => {
    const check = probe("cycle", {
      "app/features/alpha/alpha.ts": [
        'import { beta } from "~/features/beta/beta";',
        "export const alpha = beta;",
      ],
      "app/features/beta/beta.ts": ['import { gamma } from "../gamma/gamma";', "export const beta = gamma;"],
      "app/features/gamma/gamma.tsx": ['export { alpha as gamma } from "~/features/alpha/alpha";'],
      // One way only: no cycle.
      "app/features/delta/delta.ts": [
        'import { alpha } from "~/features/alpha/alpha";',
        "export const delta = alpha;",
      ],
      // A test may import across features both ways.
      "app/features/alpha/alpha.test.ts": ['import { delta } from "~/features/delta/delta";'],
    });
    expect(check.findings).toEqual([]);
    expect(check.cycles.map((cycle) => cycle.path.join(" → ")).sort()).toEqual([
      "alpha → beta → gamma → alpha",
      "beta → gamma → alpha → beta",
      "gamma → alpha → beta → gamma",
    ]);
    const fromAlpha = check.cycles.find((cycle) => cycle.edge === "alpha → beta");
    expect(fromAlpha?.imports).toEqual([
      "app/features/alpha/alpha.ts:1 → ~/features/beta/beta",
      "app/features/beta/beta.ts:1 → ../gamma/gamma",
      "app/features/gamma/gamma.tsx:1 → ~/features/alpha/alpha",
    ]);
    expect(fromAlpha?.message).toContain("Import cycle between features: alpha → beta → gamma → alpha");
  });

  it("accepts a known debt, and asks for it to be struck once it is paid", () => {
    const files = {
      "app/lib/probe.ts": ['import "~/features/orders/order-types";'],
      "app/features/alpha/alpha.ts": ['import "~/features/beta/beta";'],
      "app/features/beta/beta.ts": ['import "~/features/alpha/alpha";'],
    };
    const known = {
      outOfZone: ["app/lib/probe.ts → ~/features/orders/order-types", "app/lib/gone.ts → ~/features/x/y"],
      cycleEdges: ["alpha → beta", "beta → alpha", "gamma → alpha"],
    };
    const check = probe("debts", files, known);
    expect(check.findings).toEqual([]);
    expect(check.cycles).toEqual([]);
    expect(check.paid).toEqual(["app/lib/gone.ts → ~/features/x/y", "gamma → alpha"]);
  });

  it("passes the modules as they are, every known debt still owed", () => {
    const check = checkImports(root);
    expect(check.findings.map((f) => `${f.file}:${f.line} ${f.specifier}`)).toEqual([]);
    expect(check.cycles.map((cycle) => cycle.message)).toEqual([]);
    expect(check.paid).toEqual([]);
  });
});
