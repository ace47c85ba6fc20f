/**
 * At start, what a crash left behind (ADR 010, ADR 015): stored originals of products, events and
 * avatars that no row names (files under uploads/ on SQLite, image_files rows on PostgreSQL), and
 * sizes in this instance's cache whose original is gone. Only originals and sizes older than an
 * hour are touched: another process on the same data (the same DATA_DIR, or another instance on
 * the same database) may be between storing a new original and committing its row. The 'site'
 * originals are never swept (seeded, named by site_images only).
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "./database.server";
import {
  deleteStoredImages,
  IMAGE_FOLDERS,
  type ImageFolder,
  type ImageStorage,
  isStoredFileName,
} from "./images.server";

const GRACE_MS = 60 * 60 * 1000;
const CACHED_NAME = /^(?:\d+|thumb)-([a-z0-9]{15})\.(?:webp|avif)(?:\.\d+\.[a-z0-9]+\.tmp)?$/;

async function listOld(dir: string, now: number): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const old: string[] = [];
  for (const name of names) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile() && now - stat.mtimeMs > GRACE_MS) old.push(name);
  }
  return old;
}

async function referencedNames(db: DB, folder: Exclude<ImageFolder, "site">): Promise<Set<string>> {
  const rows =
    folder === "products"
      ? await db.selectFrom("product_images").select("file_name as name").execute()
      : folder === "events"
        ? await db.selectFrom("events").select("image as name").where("image", "is not", null).execute()
        : await db.selectFrom("users").select("image as name").where("image", "is not", null).execute();
  return new Set(rows.map((row) => row.name ?? ""));
}

/** Returns how many files it removed; never throws (a failed sweep is retried at the next start). */
export async function sweepOrphanImages(ctx: ImageStorage & { db: DB }, now = Date.now()): Promise<number> {
  let removed = 0;
  try {
    for (const folder of ["products", "events", "avatars"] as const) {
      const names = await ctx.originals.list(folder, { storedBefore: now - GRACE_MS });
      if (names.length === 0) continue;
      const referenced = await referencedNames(ctx.db, folder);
      const orphans = names.filter((name) => isStoredFileName(name) && !referenced.has(name));
      await deleteStoredImages(ctx, folder, orphans);
      removed += orphans.length;
    }
    for (const folder of IMAGE_FOLDERS) {
      const dir = path.join(ctx.cacheDir, folder);
      const cached = await listOld(dir, now);
      if (cached.length === 0) continue;
      // One listing of the folder's originals (names only), not one question per cached size.
      const originals = new Set(await ctx.originals.list(folder));
      for (const name of cached) {
        const base = CACHED_NAME.exec(name)?.[1];
        if (base && !name.endsWith(".tmp") && originals.has(`${base}.webp`)) continue;
        await fs.rm(path.join(dir, name), { force: true });
        removed++;
      }
    }
  } catch (error) {
    console.error("Nettoyage des images orphelines interrompu", error);
  }
  return removed;
}
