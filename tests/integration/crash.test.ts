/**
 * Durability (docs/product.md §10.16): the server is killed outright (SIGKILL, no chance to clean
 * up) while eight clients write at once, five times over. After every crash the database must hold
 * every write the server acknowledged with a 200, and only whole messages, each once; the SQLite
 * file must pass `PRAGMA integrity_check`, and on PostgreSQL the killed shop must leave no session,
 * open transaction or lock behind. The shop then starts again on its data.
 */
import { afterAll, describe, expect, it } from "vitest";
import {
  freePort,
  newDataDir,
  postgresAfterShopExit,
  queryDatabase,
  type ShopServer,
  startServer,
  stopServer,
  testBackend,
  waitHealthy,
} from "../support/shop-server";

const ROUNDS = 5;
const WRITERS = 8;
const dataDir = newDataDir("crash");
/** Writes acknowledged in the current round (the kill waits for some). */
let acknowledgedSoFar = 0;
/** Set just before the kill: from then on a network error means the server is gone. */
let killed = false;
let server: ShopServer | undefined;

afterAll(async () => {
  if (server) await stopServer(server);
});

/** Posts contact messages back to back until the server dies; returns the acknowledged ones. */
async function writeUntilDown(url: string, writer: number, round: number): Promise<string[]> {
  const acknowledged: string[] = [];
  for (let i = 0; ; i++) {
    const message = `manche ${round} · rédacteur ${writer} · message ${i}`;
    try {
      const response = await fetch(`${url}/contact`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: url,
          // One address per message: the contact form's rate limit counts per visitor.
          "x-forwarded-for": `10.${round}.${writer}.${(i % 250) + 1}`,
        },
        body: new URLSearchParams({
          "form-name": "contact",
          name: "Crash",
          email: "crash@exemple.fr",
          message,
        }),
      });
      await response.arrayBuffer();
      if (response.status === 200) {
        acknowledged.push(message);
        acknowledgedSoFar += 1;
      } else throw new Error(`statut inattendu ${response.status}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith("statut inattendu")) throw error;
      if (killed) return acknowledged; // the connection died with the server
      // A kept-alive socket of the previous round's server: dead, so try again on a fresh one.
    }
  }
}

describe("SIGKILL during concurrent writes", () => {
  it(`loses no acknowledged write and never corrupts the database (${ROUNDS} crashes)`, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { SEED_DEMO: "0", TRUST_PROXY: "1", BACKUP_INTERVAL_HOURS: "0" };
    const acknowledged: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      server = startServer({ port, dataDir, env });
      await waitHealthy(server);
      acknowledgedSoFar = 0;
      killed = false;
      const writers = Array.from({ length: WRITERS }, (_, writer) => writeUntilDown(url, writer, round));
      // Killed in the thick of the writes: once some are acknowledged (a busy machine may be slow
      // to answer the first ones), then after a pause that differs each round.
      const deadline = Date.now() + 20_000;
      while (acknowledgedSoFar < 10 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      await new Promise((resolve) => setTimeout(resolve, round * 60));
      killed = true;
      server.child.kill("SIGKILL");
      await new Promise((resolve) => server?.child.once("exit", resolve));
      const acked = (await Promise.all(writers)).flat();
      expect(acked.length, `manche ${round} : des écritures ont eu lieu avant le crash`).toBeGreaterThan(0);
      acknowledged.push(...acked);

      if (testBackend() === "postgres") {
        // The killed shop's connections are gone; whatever they had begun was rolled back, and no
        // lock (the start-up lock among them) is left to hold up the next start.
        const left = await postgresAfterShopExit(dataDir);
        expect({ sessions: left.sessions, locks: left.locks }).toEqual({ sessions: 0, locks: 0 });
      }
      const stored = await queryDatabase(dataDir, async (db) => ({
        integrity:
          db.backend === "sqlite"
            ? (await db.get<{ integrity_check: string }>("pragma integrity_check"))?.integrity_check
            : undefined,
        rows: await db.all<{ name: string; email: string; message: string }>(
          "select name, email, message from contact_messages",
        ),
      }));
      if (testBackend() === "sqlite") expect(stored.integrity).toBe("ok");
      const messages = new Set(stored.rows.map((row) => row.message));
      const lost = acknowledged.filter((message) => !messages.has(message));
      expect(lost, `manche ${round} : écritures confirmées perdues`).toEqual([]);
      // Nothing half-written nor written twice: every row is one whole message of a writer.
      expect(messages.size, `manche ${round} : message enregistré deux fois`).toBe(stored.rows.length);
      const partial = stored.rows.filter(
        (row) =>
          row.name !== "Crash" ||
          row.email !== "crash@exemple.fr" ||
          !/^manche \d · rédacteur \d · message \d+$/.test(row.message),
      );
      expect(partial, `manche ${round} : lignes incomplètes`).toEqual([]);
    }
    // The shop starts again on the crashed folder as if nothing happened.
    server = startServer({ port, dataDir, env });
    await waitHealthy(server);
    expect((await fetch(`${url}/contact`)).status).toBe(200);
  }, 120_000);
});
