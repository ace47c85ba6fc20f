/**
 * Backups of the shop's database (issue 10, durability): SQLite's online backup API copies a
 * consistent snapshot while the shop keeps serving, into $DATA_DIR/backups, keeping the newest
 * few. Restoring checks the file first, keeps a copy of the database it replaces, and refuses to
 * run while the shop is running on the same folder.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

export const BACKUP_PREFIX = "nacre-";
const BACKUP_NAME = /^nacre-\d{8}-\d{6}(-\d+)?\.sqlite$/;

export function backupsDir(dataDir: string) {
  return path.join(dataDir, "backups");
}

function timestamp(date: Date) {
  const iso = date.toISOString(); // 2026-11-22T04:15:09.123Z
  return `${iso.slice(0, 10).replaceAll("-", "")}-${iso.slice(11, 19).replaceAll(":", "")}`;
}

/** Backups of `dataDir`, oldest first. */
export function listBackups(dataDir: string): string[] {
  const dir = backupsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .map((name) => path.join(dir, name));
}

/** "ok" when SQLite finds the file whole, otherwise what it found. */
export function checkIntegrity(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma("integrity_check") as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

/**
 * Copies the live database into a new file of backups/ (consistent even while writes go on), checks
 * the copy, then deletes the oldest backups beyond `keep`.
 */
export async function createBackup(
  sqlite: SQLite.Database,
  dataDir: string,
  options: { keep: number; now?: Date },
): Promise<string> {
  const dir = backupsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const base = `${BACKUP_PREFIX}${timestamp(options.now ?? new Date())}`;
  let target = path.join(dir, `${base}.sqlite`);
  for (let n = 2; fs.existsSync(target); n++) target = path.join(dir, `${base}-${n}.sqlite`);
  const partial = `${target}.partiel`;
  await sqlite.backup(partial);
  const integrity = checkIntegrity(partial);
  if (integrity !== "ok") {
    fs.rmSync(partial, { force: true });
    throw new Error(`La sauvegarde est illisible (${integrity}).`);
  }
  // Only a complete, checked copy ever carries a backup's name.
  fs.renameSync(partial, target);
  const all = listBackups(dataDir);
  for (const old of all.slice(0, Math.max(0, all.length - options.keep))) fs.rmSync(old, { force: true });
  return target;
}

/** The running server writes its pid here; restore refuses while that process lives. */
export function pidFile(dataDir: string) {
  return path.join(dataDir, "server.pid");
}

function runningServerPid(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(pidFile(dataDir), "utf8").trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * Replaces $DATA_DIR/nacre.sqlite with `backupFile`. The current database is first saved as a
 * backup itself (so a restore can be undone), and the swap is a rename (never half a file).
 */
export function restoreBackup(
  dataDir: string,
  backupFile: string,
): { replacedBy: string; savedAs: string | null } {
  const pid = runningServerPid(dataDir);
  if (pid) throw new Error(`La boutique tourne encore (processus ${pid}) : arrêtez-la avant de restaurer.`);
  if (!fs.existsSync(backupFile)) throw new Error(`Sauvegarde introuvable : ${backupFile}`);
  let integrity: string;
  try {
    integrity = checkIntegrity(backupFile);
  } catch (error) {
    throw new Error(`Ce fichier n'est pas une base SQLite lisible (${(error as Error).message}).`);
  }
  if (integrity !== "ok") throw new Error(`Sauvegarde endommagée : ${integrity}`);

  const live = path.join(dataDir, "nacre.sqlite");
  let savedAs: string | null = null;
  if (fs.existsSync(live)) {
    // Folds the WAL into the file so the saved copy is complete.
    const current = new SQLite(live);
    try {
      current.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      current.close();
    }
    fs.mkdirSync(backupsDir(dataDir), { recursive: true });
    savedAs = path.join(backupsDir(dataDir), `avant-restauration-${timestamp(new Date())}.sqlite`);
    fs.copyFileSync(live, savedAs);
  }
  const incoming = `${live}.restauration`;
  fs.copyFileSync(backupFile, incoming);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${live}${suffix}`, { force: true });
  fs.renameSync(incoming, live);
  return { replacedBy: backupFile, savedAs };
}
