import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkIntegrity, createBackup, listBackups, pidFile, restoreBackup } from "./backup.server";
import type { AppContext } from "./context.server";
import { createTestContext } from "./test-context";

/** These backups copy the SQLite file itself (this file runs in the "sqlite" Vitest project only). */
function sqliteOf(handle: Pick<AppContext, "sqlite" | "kind">): SQLite.Database {
  if (!handle.sqlite) throw new Error(`Sauvegarde de fichier SQLite, sur une base ${handle.kind}.`);
  return handle.sqlite;
}

let ctx: AppContext;
const names = () =>
  sqliteOf(ctx)
    .prepare("select name from categories order by name")
    .all()
    .map((row) => (row as { name: string }).name);

async function addCategory(name: string) {
  await ctx.db
    .insertInto("categories")
    .values({ id: `c${Math.random().toString(36).slice(2, 12)}`, name })
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  await addCategory("Colliers");
});

afterAll(async () => {
  if (sqliteOf(ctx).open) await ctx.close();
});

describe("backups", () => {
  it("copies a consistent snapshot while writes go on, and keeps only the newest ones", async () => {
    const writes = Promise.all(Array.from({ length: 50 }, (_, i) => addCategory(`Pendant ${i}`)));
    const first = await createBackup(sqliteOf(ctx), ctx.env.dataDir, {
      keep: 3,
      now: new Date("2026-11-20T10:00:00Z"),
    });
    await writes;
    expect(path.basename(first)).toBe("nacre-20261120-100000.sqlite");
    expect(checkIntegrity(first)).toBe("ok");
    for (const day of ["21", "22", "23"])
      await createBackup(sqliteOf(ctx), ctx.env.dataDir, {
        keep: 3,
        now: new Date(`2026-11-${day}T10:00:00Z`),
      });
    // Two backups in the same second get distinct names.
    await createBackup(sqliteOf(ctx), ctx.env.dataDir, { keep: 3, now: new Date("2026-11-23T10:00:00Z") });
    expect(listBackups(ctx.env.dataDir).map((file) => path.basename(file))).toEqual([
      "nacre-20261122-100000.sqlite",
      "nacre-20261123-100000-2.sqlite",
      "nacre-20261123-100000.sqlite",
    ]);
    expect(
      fs.readdirSync(path.join(ctx.env.dataDir, "backups")).some((name) => name.endsWith(".partiel")),
    ).toBe(false);
  });

  it("restores a backup exactly, after keeping the database it replaces", async () => {
    const snapshot = await createBackup(sqliteOf(ctx), ctx.env.dataDir, { keep: 10 });
    const before = names();
    await addCategory("Ajoutée après la sauvegarde");
    sqliteOf(ctx).close();

    const { savedAs } = restoreBackup(ctx.env.dataDir, snapshot);
    const reopened = new SQLite(path.join(ctx.env.dataDir, "nacre.sqlite"), { readonly: true });
    const restored = reopened
      .prepare("select name from categories order by name")
      .all()
      .map((row) => (row as { name: string }).name);
    reopened.close();
    expect(restored).toEqual(before);
    expect(restored).not.toContain("Ajoutée après la sauvegarde");
    // The replaced database is kept, whole, with the row written after the backup.
    expect(savedAs && checkIntegrity(savedAs)).toBe("ok");
    const saved = new SQLite(savedAs as string, { readonly: true });
    expect(
      saved.prepare("select count(*) as n from categories where name = ?").get("Ajoutée après la sauvegarde"),
    ).toEqual({ n: 1 });
    saved.close();
  });

  it("refuses a damaged file and a running shop, in French, without touching the database", () => {
    const live = path.join(ctx.env.dataDir, "nacre.sqlite");
    const bytes = fs.readFileSync(live);
    const junk = path.join(ctx.env.dataDir, "pas-une-base.sqlite");
    fs.writeFileSync(junk, "ceci n'est pas une base SQLite, même si son nom le prétend".repeat(100));
    expect(() => restoreBackup(ctx.env.dataDir, junk)).toThrow(/n'est pas une base SQLite lisible/);
    expect(() => restoreBackup(ctx.env.dataDir, path.join(ctx.env.dataDir, "absente.sqlite"))).toThrow(
      /Sauvegarde introuvable/,
    );
    fs.writeFileSync(pidFile(ctx.env.dataDir), String(process.pid));
    const good = listBackups(ctx.env.dataDir).at(-1) as string;
    expect(() => restoreBackup(ctx.env.dataDir, good)).toThrow(/La boutique tourne encore/);
    fs.rmSync(pidFile(ctx.env.dataDir));
    expect(fs.readFileSync(live).equals(bytes)).toBe(true);
  });
});

describe("backup leftovers and permissions", () => {
  let source: AppContext;
  beforeAll(async () => {
    source = await createTestContext();
  });
  afterAll(() => source.close());

  const partials = (dataDir: string) =>
    fs.readdirSync(path.join(dataDir, "backups")).filter((name) => name.includes(".partiel"));

  it("removes what crashed backups left, keeps what another live process is writing", async () => {
    const dataDir = fs.mkdtempSync(path.join(source.env.dataDir, "restes-"));
    const dir = path.join(dataDir, "backups");
    fs.mkdirSync(dir);
    const hourAgo = new Date(Date.now() - 3_600_000);
    const legacy = path.join(dir, "nacre-20261101-030000.sqlite.partiel");
    const deadProcess = path.join(dir, "nacre-20261102-030000.sqlite.partiel-2147483646-0badcafe");
    const abandoned = path.join(dir, `nacre-20261103-030000.sqlite.partiel-${process.ppid}-0badf00d`);
    const writing = path.join(dir, `nacre-20261104-030000.sqlite.partiel-${process.ppid}-00c0ffee`);
    const legacySidecars = [`${legacy}-wal`, `${legacy}-shm`];
    for (const file of [legacy, ...legacySidecars, deadProcess, abandoned, writing])
      fs.writeFileSync(file, "à moitié");
    for (const file of [legacy, ...legacySidecars, abandoned]) fs.utimesSync(file, hourAgo, hourAgo);

    await createBackup(sqliteOf(source), dataDir, { keep: 3 });
    expect(partials(dataDir)).toEqual([path.basename(writing)]);
    expect(listBackups(dataDir)).toHaveLength(1);
  });

  it("a failed backup removes its own partial copy", async () => {
    const dataDir = fs.mkdtempSync(path.join(source.env.dataDir, "echec-"));
    const failing = {
      backup: async (file: string) => {
        fs.writeFileSync(file, "une copie interrompue");
        throw new Error("disque plein");
      },
    } as unknown as SQLite.Database;
    await expect(createBackup(failing, dataDir, { keep: 3 })).rejects.toThrow("disque plein");
    expect(partials(dataDir)).toEqual([]);

    const unreadable = {
      backup: async (file: string) => {
        fs.writeFileSync(file, "ceci n'est pas une base SQLite".repeat(200));
      },
    } as unknown as SQLite.Database;
    await expect(createBackup(unreadable, dataDir, { keep: 3 })).rejects.toThrow();
    expect(partials(dataDir)).toEqual([]);
    expect(listBackups(dataDir)).toEqual([]);
  });

  it("keeps the backups folder and files owner-only, whatever the umask", async () => {
    const dataDir = fs.mkdtempSync(path.join(source.env.dataDir, "droits-"));
    fs.mkdirSync(path.join(dataDir, "backups"), { mode: 0o755 });
    fs.chmodSync(path.join(dataDir, "backups"), 0o755);
    const previous = process.umask(0o022);
    try {
      const file = await createBackup(sqliteOf(source), dataDir, { keep: 3 });
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      expect(fs.statSync(path.join(dataDir, "backups")).mode & 0o077).toBe(0);
    } finally {
      process.umask(previous);
    }
  });
});
