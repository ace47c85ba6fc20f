import type { DB } from "./database.server";

/**
 * State an instance keeps beside its database handle (one per app context) rather than in the
 * process: throttles of writes, for instance. A process that runs several shops one after another
 * (the route tests) then keeps each shop's apart, as separate instances would.
 */
export function perDatabase<T>(make: () => T): (db: DB) => T {
  const states = new WeakMap<DB, T>();
  return (db) => {
    let state = states.get(db);
    if (state === undefined) {
      state = make();
      states.set(db, state);
    }
    return state;
  };
}
