/**
 * The import zones of the layout (ADR 031, docs/product.md §2 "Zones"), checked from the sources:
 *
 * 1. UI code (components, lib, features' modules that are not `*.server.ts`) never imports server
 *    code: the build would ship it to the browser (ADR 012).
 * 2. A `*.server.ts` module takes from the UI folders (components, features) only schemas, types,
 *    messages and pure helpers (names ending -schema, -schemas, -messages, -types, -kinds, -query,
 *    -template, shop-defaults, shop-texts, a Markdown text), never a component.
 * 3. `app/components/` and `app/lib/` never import `app/features/`: what is generic stays generic.
 * 4. `app/server/` imports features only from its composition modules (http-app, startup, context):
 *    the platform does not know the shop's capabilities, it is handed them at start.
 * 5. No cycle between features: a feature's folder can be read, moved or removed starting from the
 *    ones it depends on.
 *
 * What the rules found when they were written is listed below as known debts (ADR 031): the check
 * accepts those, refuses any new one, and fails when a debt is paid so that the lists only shrink.
 * Tests are left out: a test reaches what it tests. The analysis is static (TypeScript's own import
 * scanner), so `npm run lint` runs it and the import-rule test calls it in-process.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface ImportFinding {
  /** The importing file, relative to the root, with forward slashes. */
  file: string;
  line: number;
  /** The import as written. */
  specifier: string;
  rule: "ui-imports-server" | "server-imports-ui" | "generic-imports-feature" | "platform-imports-feature";
  message: string;
}

export interface FeatureCycle {
  /** The import between two features that closes the cycle: "orders → admin". */
  edge: string;
  /** The features around the cycle, the first repeated at the end: ["orders", "admin", "orders"]. */
  path: string[];
  /** One import for each step of the path, as "file:line → specifier". */
  imports: string[];
  message: string;
}

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$/;
/** Server modules may take these from the UI folders: no component, no hook, no CSS. */
const SERVER_SAFE =
  /(\.server|-schemas?|-messages|-types|-kinds|-query|-template|\/shop-defaults|\/shop-texts|\.md\?raw)$/;
/** The modules of app/server that assemble the shop from its features. */
const COMPOSITION = new Set([
  "app/server/http-app.server.ts",
  "app/server/startup.server.ts",
  "app/server/context.server.ts",
]);

interface ImportRecord {
  file: string;
  line: number;
  specifier: string;
  /** The imported module relative to the root, without extension, or null for a package. */
  target: string | null;
}

function sourceFiles(dir: string, root: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full, root));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name) && !entry.name.endsWith(".d.ts")) {
      found.push(path.relative(root, full).split(path.sep).join("/"));
    }
  }
  return found;
}

/** Every static and dynamic import (and re-export) of the modules under app/. */
export function readImports(root: string): ImportRecord[] {
  const records: ImportRecord[] = [];
  for (const file of sourceFiles(path.join(root, "app"), root)) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const scanned = ts.preProcessFile(text, true, true);
    for (const imported of scanned.importedFiles) {
      const specifier = imported.fileName;
      let target: string | null = null;
      if (specifier.startsWith("~/")) target = `app/${specifier.slice(2)}`;
      else if (specifier.startsWith("."))
        target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      records.push({
        file,
        line: text.slice(0, imported.pos).split("\n").length,
        specifier,
        target: target?.replace(/\.(ts|tsx|js)$/, "") ?? null,
      });
    }
  }
  return records;
}

const isServerModule = (target: string) =>
  target.startsWith("app/server/") || target === "app/server" || /\.server$/.test(target);
const featureOf = (target: string) => (target.startsWith("app/features/") ? target.split("/")[2] : undefined);

/** The zone rules (1 to 4 of the header): every import that breaks one. */
export function zoneFindings(records: ImportRecord[]): ImportFinding[] {
  const findings: ImportFinding[] = [];
  for (const { file, line, specifier, target } of records) {
    if (!target) continue;
    const add = (rule: ImportFinding["rule"], message: string) =>
      findings.push({ file, line, specifier, rule, message });
    const inUiFolder = /^app\/(components|lib|features)\//.test(file);
    const serverFile = /\.server\.tsx?$/.test(file);
    if (inUiFolder && !serverFile && isServerModule(target)) {
      add(
        "ui-imports-server",
        "UI code never imports server code: move the logic to a *.server.ts module called from a route's loader or action.",
      );
    }
    if (serverFile && /^app\/(components|features)\//.test(target) && !SERVER_SAFE.test(target)) {
      add(
        "server-imports-ui",
        "Server code imports only schemas, types, messages and pure helpers from the UI folders (names ending -schema, -schemas, -messages, -types, -kinds, -query, -template), never a component.",
      );
    }
    if (/^app\/(components|lib)\//.test(file) && featureOf(target)) {
      add(
        "generic-imports-feature",
        "app/components/ and app/lib/ never import app/features/: pass the feature's part in as a prop or a parameter, or move the generic piece here.",
      );
    }
    if (file.startsWith("app/server/") && !COMPOSITION.has(file) && featureOf(target)) {
      add(
        "platform-imports-feature",
        "app/server/ imports features only from its composition modules (http-app, startup, context): hand the feature's part in from there.",
      );
    }
  }
  return findings;
}

/** The feature-to-feature graph: for each pair, the imports that make the edge. */
export function featureGraph(records: ImportRecord[]): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const { file, line, specifier, target } of records) {
    const from = featureOf(file);
    const to = target ? featureOf(target) : undefined;
    if (!from || !to || from === to) continue;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    edges.set(to, [...(edges.get(to) ?? []), `${file}:${line} → ${specifier}`]);
  }
  return graph;
}

/** The features that can reach each other (Tarjan's strongly connected groups of two or more). */
function cycleGroups(graph: Map<string, Map<string, string[]>>): string[][] {
  const nodes = [
    ...new Set([...graph.keys(), ...[...graph.values()].flatMap((edges) => [...edges.keys()])]),
  ].sort();
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next))
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return groups;
}

/** The shortest way from `from` to `to` inside `members`, both ends included (breadth-first). */
function shortestWay(
  graph: Map<string, Map<string, string[]>>,
  from: string,
  to: string,
  members: Set<string>,
) {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  while (queue.length > 0 && !previous.has(to)) {
    const node = queue.shift() as string;
    for (const next of [...(graph.get(node)?.keys() ?? [])].sort()) {
      if (members.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  const way = [to];
  while (way[0] !== from) way.unshift(previous.get(way[0] as string) as string);
  return way;
}

/**
 * Every import between features that closes a cycle: for each edge a → b whose features reach
 * each other, the shortest way round (a → b → … → a), enough to name where to cut.
 */
export function featureCycles(graph: Map<string, Map<string, string[]>>): FeatureCycle[] {
  const cycles: FeatureCycle[] = [];
  for (const group of cycleGroups(graph)) {
    const members = new Set(group);
    for (const from of group) {
      for (const to of [...(graph.get(from)?.keys() ?? [])].sort()) {
        if (!members.has(to)) continue;
        const way = [from, ...shortestWay(graph, to, from, members)];
        const imports = way
          .slice(0, -1)
          .map((a, i) => graph.get(a)?.get(way[i + 1] as string)?.[0] as string);
        cycles.push({
          edge: `${from} → ${to}`,
          path: way,
          imports,
          message: `Import cycle between features: ${way.join(" → ")}. Move the shared piece to the feature that owns it, to a *-types.ts / *-schema.ts module, or to app/lib/ or app/components/ when it is generic.`,
        });
      }
    }
  }
  return cycles;
}

/**
 * What the rules found on the day they were written (ADR 031 "Debts"), each to be paid by moving a
 * piece to the feature that owns it: accepted while it lasts, and the check fails as soon as one
 * is gone (so the lists only shrink) or a new one appears.
 */
export const KNOWN_OUT_OF_ZONE: readonly string[] = [
  // The schema's column types are the features' enumerations (types only, erased at build).
  "app/server/db-schema.server.ts → ~/features/delivery/delivery-types",
  "app/server/db-schema.server.ts → ~/features/invoices/invoice-types",
  "app/server/db-schema.server.ts → ~/features/orders/order-types",
];

/**
 * Imports between features that close a cycle today, as "from → to" (see featureCycles): none
 * since the order form became the checkout feature (ADR 031 "Debts left"). A cycle is a new one.
 */
export const KNOWN_CYCLE_EDGES: readonly string[] = [];

export const findingKey = (finding: ImportFinding) => `${finding.file} → ${finding.specifier}`;

export interface ImportCheck {
  /** Imports out of their zone that are not known debts. */
  findings: ImportFinding[];
  /** Cycles closed by an import that is not a known debt. */
  cycles: FeatureCycle[];
  /** Known debts no longer found: to be struck from the lists. */
  paid: string[];
}

export function checkImports(
  root: string,
  known: { outOfZone: readonly string[]; cycleEdges: readonly string[] } = {
    outOfZone: KNOWN_OUT_OF_ZONE,
    cycleEdges: KNOWN_CYCLE_EDGES,
  },
): ImportCheck {
  const records = readImports(root);
  const findings = zoneFindings(records);
  const cycles = featureCycles(featureGraph(records));
  const found = new Set([...findings.map(findingKey), ...cycles.map((cycle) => cycle.edge)]);
  return {
    findings: findings.filter((finding) => !known.outOfZone.includes(findingKey(finding))),
    cycles: cycles.filter((cycle) => !known.cycleEdges.includes(cycle.edge)),
    paid: [...known.outOfZone, ...known.cycleEdges].filter((debt) => !found.has(debt)),
  };
}

/** `npm run lint`: prints every finding and fails when there is one. */
function main() {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
  const { findings, cycles, paid } = checkImports(root);
  for (const f of findings)
    console.error(`${f.file}:${f.line} ${JSON.stringify(f.specifier)} [${f.rule}] ${f.message}`);
  for (const c of cycles) console.error(`${c.message}\n  ${c.imports.join("\n  ")}`);
  for (const debt of paid)
    console.error(`No longer found, strike it from the known debts (scripts/import-zones.ts): ${debt}`);
  if (findings.length > 0 || cycles.length > 0 || paid.length > 0) {
    console.error(
      `\n${findings.length} import(s) out of their zone, ${cycles.length} new cycle(s) between features, ${paid.length} debt(s) paid.`,
    );
    process.exit(1);
  }
  console.log("Import zones: every import in its zone or a known debt, no new cycle between features.");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname))
  main();
