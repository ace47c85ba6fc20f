/**
 * `npm run backup`: an online backup of $DATA_DIR/nacre.sqlite into $DATA_DIR/backups (the shop may
 * keep running), keeping the newest BACKUP_KEEP files. `npm run backup -- --list` lists them.
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import { createBackup, listBackups } from "../app/server/backup.server";
import { parseEnv } from "../app/server/env.server";
import { loadEnvFile } from "../app/server/env-file.server";

// Bundled into build/ by `npm run build`: the root is one level up either way.
loadEnvFile(path.resolve(import.meta.dirname, ".."));
const env = parseEnv(process.env);
if (process.argv.includes("--list")) {
  const backups = listBackups(env.dataDir);
  console.info(backups.length ? backups.join("\n") : `Aucune sauvegarde dans ${env.dataDir}/backups.`);
} else {
  const sqlite = new SQLite(path.join(env.dataDir, "nacre.sqlite"), { fileMustExist: true });
  sqlite.pragma("busy_timeout = 15000");
  try {
    const file = await createBackup(sqlite, env.dataDir, { keep: env.BACKUP_KEEP });
    console.info(`Sauvegarde créée : ${file}`);
  } catch (error) {
    console.error(`Sauvegarde impossible : ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    sqlite.close();
  }
}
