/**
 * Where uploaded originals live (ADR 015), behind one small interface so that uploads, the demo
 * seed, deletion, the orphan sweep and the image route never ask which back end runs:
 * - SQLite shops keep them as files under $DATA_DIR/uploads/{folder}/ (ADR 010), as always;
 * - PostgreSQL shops keep them in the database (table image_files, keyed "{folder}/{name}"), the
 *   source of truth every instance shares: a backup holds them, and a picture deleted through one
 *   instance is gone for all at once.
 * The store is chosen where the app context is built (context.server.ts). Resized sizes are not
 * originals: they stay a per-instance disk cache (images.server.ts). Names that are not stored-file
 * names never reach a path or a query.
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "./database.server";
import { type ImageFolder, isStoredFileName } from "./images.server";

export interface OriginalStore {
  /** Keeps a new original under a fresh stored-file name (names are never reused). */
  put(folder: ImageFolder, fileName: string, content: Buffer): Promise<void>;
  /** Its bytes, or null when there is none (never stored, or deleted). */
  get(folder: ImageFolder, fileName: string): Promise<Buffer | null>;
  /** Whether it exists, without reading it: a stat, or one primary-key lookup. */
  exists(folder: ImageFolder, fileName: string): Promise<boolean>;
  /** Removes originals; names already gone, or not stored-file names, are ignored. */
  delete(folder: ImageFolder, fileNames: readonly string[]): Promise<void>;
  /** The names stored in a folder; with `storedBefore` (ms), only those stored before that time. */
  list(folder: ImageFolder, options?: { storedBefore?: number }): Promise<string[]>;
}

function checkedName(fileName: string): string {
  if (!isStoredFileName(fileName)) throw new Error(`Nom d'image invalide : ${fileName.slice(0, 40)}`);
  return fileName;
}

/** SQLite shops: one file per original under `uploadsDir/{folder}/`. */
export function createDiskOriginalStore(uploadsDir: string): OriginalStore {
  const fileOf = (folder: ImageFolder, fileName: string) => path.join(uploadsDir, folder, fileName);
  return {
    async put(folder, fileName, content) {
      const file = fileOf(folder, checkedName(fileName));
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, content);
    },
    async get(folder, fileName) {
      if (!isStoredFileName(fileName)) return null;
      return fs.readFile(fileOf(folder, fileName)).catch(() => null);
    },
    async exists(folder, fileName) {
      if (!isStoredFileName(fileName)) return false;
      return fs.access(fileOf(folder, fileName)).then(
        () => true,
        () => false,
      );
    },
    async delete(folder, fileNames) {
      const files = fileNames.filter(isStoredFileName).map((name) => fileOf(folder, name));
      await Promise.all(files.map((file) => fs.rm(file, { force: true })));
    },
    async list(folder, options = {}) {
      const dir = path.join(uploadsDir, folder);
      const names = (await fs.readdir(dir).catch(() => [] as string[])).filter(isStoredFileName);
      const listed: string[] = [];
      for (const name of names) {
        const stat = await fs.stat(path.join(dir, name)).catch(() => null);
        if (!stat?.isFile()) continue;
        if (options.storedBefore === undefined || stat.mtimeMs < options.storedBefore) listed.push(name);
      }
      return listed;
    },
  };
}

/** image_files.created_at is "YYYY-MM-DD HH:MM:SS" in UTC (migration 0008's default). */
function timestampText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * PostgreSQL shops: one row per original in image_files, keyed "{folder}/{name}" (the path it
 * would have under uploads/, so a picture keeps its folder's caching rules and sweep). Plain
 * Kysely, so it runs on SQLite too (its unit tests do).
 */
export function createDatabaseOriginalStore(db: DB): OriginalStore {
  const keyOf = (folder: ImageFolder, fileName: string) => `${folder}/${fileName}`;
  return {
    async put(folder, fileName, content) {
      await db
        .insertInto("image_files")
        .values({ file_name: keyOf(folder, checkedName(fileName)), content })
        .execute();
    },
    async get(folder, fileName) {
      if (!isStoredFileName(fileName)) return null;
      const row = await db
        .selectFrom("image_files")
        .select("content")
        .where("file_name", "=", keyOf(folder, fileName))
        .executeTakeFirst();
      return row?.content ?? null;
    },
    async exists(folder, fileName) {
      if (!isStoredFileName(fileName)) return false;
      // The key only: an existence check never loads the picture's bytes.
      const row = await db
        .selectFrom("image_files")
        .select("file_name")
        .where("file_name", "=", keyOf(folder, fileName))
        .executeTakeFirst();
      return row !== undefined;
    },
    async delete(folder, fileNames) {
      const keys = fileNames.filter(isStoredFileName).map((name) => keyOf(folder, name));
      if (keys.length === 0) return;
      await db.deleteFrom("image_files").where("file_name", "in", keys).execute();
    },
    async list(folder, options = {}) {
      let query = db.selectFrom("image_files").select("file_name").where("file_name", "like", `${folder}/%`);
      if (options.storedBefore !== undefined) {
        query = query.where("created_at", "<", timestampText(options.storedBefore));
      }
      const rows = await query.execute();
      return rows.map((row) => row.file_name.slice(folder.length + 1)).filter(isStoredFileName);
    },
  };
}
