/**
 * Queries Kysely builds and compiles once per database, then runs with new values. On the hottest
 * reads (GET /api/panier, docs/product.md §10.17) building and compiling a query cost more CPU than
 * the database's own work. The query is built once with a marker in place of each named value; the
 * compiled parameters are then the markers (replaced at each run) and the query's own constants.
 */
import type { CompiledQuery } from "kysely";
import type { DB } from "./database.server";

type Slot = { name: string } | { constant: unknown };

/** A text no caller passes as a value: the marker of the value `name`. */
const markerOf = (name: string) => `\u0000valeur:${name}\u0000`;

export function compiledOnce<Names extends string, Row>(
  build: (db: DB, value: (name: Names) => string) => { compile(): CompiledQuery<Row> },
): (db: DB, values: Record<Names, unknown>) => Promise<Row[]> {
  const compiledFor = new WeakMap<DB, { query: CompiledQuery<Row>; slots: Slot[] }>();
  const compile = (db: DB) => {
    const names = new Map<string, string>();
    const query = build(db, (name) => {
      names.set(markerOf(name), name);
      return markerOf(name);
    }).compile();
    const slots: Slot[] = query.parameters.map((parameter) =>
      typeof parameter === "string" && names.has(parameter)
        ? { name: names.get(parameter) as string }
        : { constant: parameter },
    );
    for (const name of names.values()) {
      if (!slots.some((slot) => "name" in slot && slot.name === name))
        throw new Error(`La valeur « ${name} » n'est pas un paramètre de la requête compilée.`);
    }
    return { query, slots };
  };
  return async (db, values) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = compile(db);
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.slots.map((slot) =>
      "name" in slot ? values[slot.name as Names] : slot.constant,
    );
    const result = await db.executeQuery<Row>({ ...compiled.query, parameters });
    return result.rows;
  };
}
