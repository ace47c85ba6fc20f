/**
 * Backups of the shop's database (docs/product.md §10.16): SQLite's online backup API copies a
 * consistent snapshot while the shop keeps serving, into $DATA_DIR/backups, keeping the newest
 * few. Restoring checks the file first, keeps a copy of the database it replaces, and refuses to
 * run while the shop is running on the same folder. PostgreSQL's backups (pg_dump archives,
 * postgres-backup.server.ts) share the folder, the names, the partial files and the keep rule.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";

export const BACKUP_PREFIX = "nacre-";
/** `.sqlite`: a copy of the SQLite file; `.dump`: a pg_dump archive (custom format). */
export type BackupExtension = "sqlite" | "dump";
const BACKUP_NAME = /^nacre-\d{8}-\d{6}(-\d+)?\.(sqlite|dump)$/;

export function backupsDir(dataDir: string) {
  return path.join(dataDir, "backups");
}

export function timestamp(date: Date) {
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
 * A backup being written: `<name>.sqlite.partiel-<pid>-<random>`, older versions wrote `.partiel`;
 * either with SQLite's -wal, -shm or -journal beside it.
 */
const PARTIAL_NAME = /\.partiel(?:-(\d+)-[0-9a-f]+)?(?:-wal|-shm|-journal)?$/;
const SIDECARS = ["-wal", "-shm", "-journal"];
/** A partial file untouched this long is abandoned even if its process lives (SQLite and pg_dump write steadily). */
const STALE_PARTIAL_MS = 10 * 60_000;
const partialsInProgress = new Set<string>();

function processIsAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Deletes the partial copies a crashed or killed backup left in backups/: those of a process that
 * is gone, and any not written to for ten minutes. Never one this process is still writing.
 */
export function removeStalePartials(dataDir: string, now = Date.now()): string[] {
  const dir = backupsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const removed: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    const match = PARTIAL_NAME.exec(name);
    const file = path.join(dir, name);
    const owner = file.replace(/-(wal|shm|journal)$/, "");
    if (!match || partialsInProgress.has(owner)) continue;
    const pid = match[1] ? Number(match[1]) : null;
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? now;
    const orphaned = pid !== null && (pid === process.pid || !processIsAlive(pid));
    if (orphaned || now - mtimeMs > STALE_PARTIAL_MS) {
      fs.rmSync(file, { force: true });
      removed.push(file);
    }
  }
  return removed;
}

/**
 * Writes a new backup into backups/ through `write(partial)`, which fills (and checks) the partial
 * file it is given; only then does the file take a backup's name, and the oldest backups beyond
 * `keep` are deleted. Backups hold every customer's data: the folder and the files are the owner's
 * only, whatever the process's umask.
 */
export async function writeBackup(
  dataDir: string,
  options: { keep: number; now?: Date; extension: BackupExtension },
  write: (partial: string) => Promise<void>,
): Promise<string> {
  const dir = backupsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  removeStalePartials(dataDir);
  const base = `${BACKUP_PREFIX}${timestamp(options.now ?? new Date())}`;
  const { extension } = options;
  let target = path.join(dir, `${base}.${extension}`);
  for (let n = 2; fs.existsSync(target); n++) target = path.join(dir, `${base}-${n}.${extension}`);
  const partial = `${target}.partiel-${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  partialsInProgress.add(partial);
  try {
    // Created empty and owner-only first: the writer then writes into it, keeping its mode.
    fs.writeFileSync(partial, "", { flag: "wx", mode: 0o600 });
    await write(partial);
    fs.chmodSync(partial, 0o600);
    // Only a complete, checked copy ever carries a backup's name.
    fs.renameSync(partial, target);
  } finally {
    partialsInProgress.delete(partial);
    for (const suffix of ["", ...SIDECARS]) fs.rmSync(`${partial}${suffix}`, { force: true });
  }
  const all = listBackups(dataDir);
  for (const old of all.slice(0, Math.max(0, all.length - options.keep))) fs.rmSync(old, { force: true });
  return target;
}

/**
 * Copies the live SQLite database into a new file of backups/ (consistent even while writes go
 * on), checks the copy, then deletes the oldest backups beyond `keep`.
 */
export function createBackup(
  sqlite: SQLite.Database,
  dataDir: string,
  options: { keep: number; now?: Date },
): Promise<string> {
  return writeBackup(dataDir, { ...options, extension: "sqlite" }, async (partial) => {
    await sqlite.backup(partial);
    // The copy inherits WAL mode, whose -wal and -shm files would stay behind under the partial's
    // name once it is renamed: a backup is one self-contained file.
    const copy = new SQLite(partial);
    try {
      copy.pragma("journal_mode = DELETE");
    } finally {
      copy.close();
    }
    const integrity = checkIntegrity(partial);
    if (integrity !== "ok") throw new Error(`La sauvegarde est illisible (${integrity}).`);
  });
}

/** The running server writes its pid here; restore refuses while that process lives. */
export function pidFile(dataDir: string) {
  return path.join(dataDir, "server.pid");
}

/** The pid of a server running on `dataDir`, if one is. */
export function runningServerPid(dataDir: string): number | null {
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
    fs.mkdirSync(backupsDir(dataDir), { recursive: true, mode: 0o700 });
    savedAs = path.join(backupsDir(dataDir), `avant-restauration-${timestamp(new Date())}.sqlite`);
    fs.copyFileSync(live, savedAs);
    fs.chmodSync(savedAs, 0o600);
  }
  const incoming = `${live}.restauration`;
  fs.copyFileSync(backupFile, incoming);
  fs.chmodSync(incoming, 0o600);
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${live}${suffix}`, { force: true });
  fs.renameSync(incoming, live);
  return { replacedBy: backupFile, savedAs };
}
