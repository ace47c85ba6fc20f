import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkIntegrity, createBackup, listBackups, pidFile, restoreBackup } from "./backup.server";
import type { AppContext } from "./context.server";
import { createTestContext } from "./test-context";

let ctx: AppContext;
const names = () =>
  ctx.sqlite
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

afterAll(() => {
  if (ctx.sqlite.open) ctx.sqlite.close();
});

describe("backups", () => {
  it("copies a consistent snapshot while writes go on, and keeps only the newest ones", async () => {
    const writes = Promise.all(Array.from({ length: 50 }, (_, i) => addCategory(`Pendant ${i}`)));
    const first = await createBackup(ctx.sqlite, ctx.env.dataDir, {
      keep: 3,
      now: new Date("2026-11-20T10:00:00Z"),
    });
    await writes;
    expect(path.basename(first)).toBe("nacre-20261120-100000.sqlite");
    expect(checkIntegrity(first)).toBe("ok");
    for (const day of ["21", "22", "23"])
      await createBackup(ctx.sqlite, ctx.env.dataDir, { keep: 3, now: new Date(`2026-11-${day}T10:00:00Z`) });
    // Two backups in the same second get distinct names.
    await createBackup(ctx.sqlite, ctx.env.dataDir, { keep: 3, now: new Date("2026-11-23T10:00:00Z") });
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
    const snapshot = await createBackup(ctx.sqlite, ctx.env.dataDir, { keep: 10 });
    const before = names();
    await addCategory("Ajoutée après la sauvegarde");
    ctx.sqlite.close();

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
