/**
 * The data folder is its owner's only (docs/security.md): the database and its -wal/-shm, the
 * backups, the uploads, the image cache and the mail outbox. An install whose files were left
 * readable by others is narrowed at the next start.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createBackup } from "../../app/server/backup.server";
import {
  freePort,
  newDataDir,
  type ShopServer,
  startServer,
  stopServer,
  waitHealthy,
} from "../support/shop-server";

let server: ShopServer | undefined;

afterAll(async () => {
  if (server) await stopServer(server);
});

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? [full, ...walk(full)] : [full];
  });
}

async function start(dataDir: string) {
  server = startServer({ port: await freePort(), dataDir, env: { BACKUP_INTERVAL_HOURS: "0" } });
  await waitHealthy(server, 150_000);
  const { url } = server;
  const contact = await fetch(`${url}/contact`, {
    method: "POST",
    headers: { origin: url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      "form-name": "contact",
      name: "Droits",
      email: "droits@exemple.fr",
      message: "Un message qui laisse un e-mail dans la boîte d'envoi.",
    }),
  });
  expect(contact.status).toBe(200);
  // One resized image, so the image cache folder exists too.
  const page = await (await fetch(`${url}/catalogue`)).text();
  const image = /\/images\/products\/[a-z0-9]+\.webp/.exec(page)?.[0];
  expect(image).toBeDefined();
  expect((await fetch(`${url}${image}?w=400`)).status).toBe(200);
}

describe("data folder permissions", () => {
  it("after a start and a backup, nothing in DATA_DIR is readable by group or others", async () => {
    const dataDir = newDataDir("droits");
    await start(dataDir);
    if (server) await stopServer(server);

    // An older install: the database and the folders readable by everyone.
    fs.chmodSync(dataDir, 0o755);
    for (const folder of ["uploads", "cache", "outbox"])
      if (fs.existsSync(path.join(dataDir, folder))) fs.chmodSync(path.join(dataDir, folder), 0o755);
    fs.chmodSync(path.join(dataDir, "nacre.sqlite"), 0o644);

    await start(dataDir);
    const live = new SQLite(path.join(dataDir, "nacre.sqlite"), { fileMustExist: true });
    try {
      await createBackup(live, dataDir, { keep: 3 });
    } finally {
      live.close();
    }

    const entries = [dataDir, ...walk(dataDir)];
    for (const name of [
      "nacre.sqlite",
      "nacre.sqlite-wal",
      "nacre.sqlite-shm",
      "backups",
      "outbox",
      "uploads",
    ])
      expect(entries, name).toContain(path.join(dataDir, name));
    const open = entries
      .filter((entry) => fs.existsSync(entry) && (fs.statSync(entry).mode & 0o077) !== 0)
      .map(
        (entry) => `${path.relative(dataDir, entry) || "."} ${(fs.statSync(entry).mode & 0o777).toString(8)}`,
      );
    expect(open).toEqual([]);
  }, 400_000);
});
