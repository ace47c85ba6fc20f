/**
 * Graceful lifecycle (docs/security.md "Durability"): on SIGTERM the server answers what it is
 * already serving, ends the live chat streams, closes the database (SQLite: its WAL folded back
 * into the file; PostgreSQL: every pooled connection closed, none cut) and exits with 0.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  DEMO_ADMIN,
  postgresAfterShopExit,
  queryDatabase,
  type ShopServer,
  signIn,
  startShop,
  stopServer,
  testBackend,
} from "../support/shop-server";

let server: ShopServer | undefined;

afterAll(async () => {
  if (server) await stopServer(server);
});

describe("SIGTERM", () => {
  it("drains requests and streams, closes the database and exits with 0", async () => {
    server = await startShop("lifecycle", { SEED_DEMO: "0", BACKUP_INTERVAL_HOURS: "0" });
    const { url, dataDir } = server;
    const cookie = await signIn(url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const stream = await fetch(`${url}/api/chat/flux`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    // Live before the signal: its first sync has arrived (on a busy machine it may come after the
    // 150 ms below); then read to its end, which SIGTERM must bring.
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let received = "";
    while (!received.includes("event: sync")) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    expect(received).toContain("event: sync");
    const streamEnded = (async () => {
      for (;;) {
        const { done } = await reader.read();
        if (done) return true;
      }
    })();
    expect(fs.existsSync(path.join(dataDir, "server.pid"))).toBe(true);

    // A request truly in flight: its body is still arriving when SIGTERM comes.
    const body = new URLSearchParams({
      "form-name": "contact",
      name: "Arrêt en douceur",
      email: "douceur@exemple.fr",
      message: "Envoyé pendant l'arrêt du serveur.",
    }).toString();
    const half = Math.floor(body.length / 2);
    const inFlight = new Promise<number>((resolve, reject) => {
      const request = http.request(`${url}/contact`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          origin: url,
        },
      });
      request.on("response", (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      });
      request.on("error", reject);
      request.write(body.slice(0, half));
      setTimeout(() => request.end(body.slice(half)), 400);
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const exited = new Promise<number | null>((resolve) =>
      server?.child.once("exit", (code) => resolve(code)),
    );
    const stoppedAt = Date.now();
    server.child.kill("SIGTERM");

    expect(await inFlight).toBe(200);
    expect(await streamEnded).toBe(true);
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(3000);
    expect(fs.existsSync(path.join(dataDir, "server.pid"))).toBe(false);
    if (testBackend() === "sqlite") {
      // Closed cleanly: the last connection folded the WAL back and removed it.
      expect(fs.existsSync(path.join(dataDir, "nacre.sqlite-wal"))).toBe(false);
    } else {
      // Closed cleanly: the pool ended every session itself (none abandoned when the process went)
      // and nothing of the shop is left on the database.
      expect(await postgresAfterShopExit(dataDir)).toEqual({ sessions: 0, abandoned: 0, locks: 0 });
    }
    // The message that arrived during the stop was stored, once.
    const stored = await queryDatabase(dataDir, (db) =>
      db.all("select name from contact_messages where email = ?", "douceur@exemple.fr"),
    );
    expect(stored).toEqual([{ name: "Arrêt en douceur" }]);
  });
});
