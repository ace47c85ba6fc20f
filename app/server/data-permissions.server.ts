/**
 * The data folder holds every customer's data, the session secret, uploads and mails: only the
 * shop's own user may read it (docs/security.md). New files are owner-only through the server's
 * umask (server.ts); this narrows what an older install, or another tool, left readable to others.
 */
import fs from "node:fs";
import path from "node:path";

const FOLDERS = ["backups", "uploads", "cache", "outbox"];
const DATABASE_FILES = ["nacre.sqlite", "nacre.sqlite-wal", "nacre.sqlite-shm"];

function restrict(target: string, mode: number) {
  try {
    fs.chmodSync(target, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") console.warn(`Droits d'accès non restreints sur ${target} (${code})`);
  }
}

/**
 * A folder shared by every user (sticky, like /tmp) is never narrowed: DATA_DIR pointed at one by
 * mistake would otherwise lock every other program out of it. Its files still are.
 */
function isSharedFolder(dir: string): boolean {
  try {
    return (fs.statSync(dir).mode & 0o1000) !== 0;
  } catch {
    return false;
  }
}

export function restrictDataPermissions(dataDir: string) {
  if (isSharedFolder(dataDir))
    console.warn(`DATA_DIR est un dossier partagé (${dataDir}) : ses droits restent ceux-là.`);
  else restrict(dataDir, 0o700);
  for (const folder of FOLDERS) restrict(path.join(dataDir, folder), 0o700);
  for (const file of DATABASE_FILES) restrict(path.join(dataDir, file), 0o600);
  const backups = path.join(dataDir, "backups");
  if (fs.existsSync(backups))
    for (const name of fs.readdirSync(backups)) restrict(path.join(backups, name), 0o600);
}
