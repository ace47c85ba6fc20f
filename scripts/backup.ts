/**
 * `npm run backup`: an online backup of the shop's database into $DATA_DIR/backups (the shop may
 * keep running), keeping the newest BACKUP_KEEP files: a copy of $DATA_DIR/nacre.sqlite, or with
 * DATABASE_URL a pg_dump archive of that PostgreSQL database. `npm run backup -- --list` lists them.
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import { createBackup, listBackups } from "../app/server/backup.server";
import { parseEnv } from "../app/server/env.server";
import { loadEnvFile } from "../app/server/env-file.server";
import { createPostgresBackup } from "../app/server/postgres-backup.server";

// Bundled into build/ by `npm run build`: the root is one level up either way.
loadEnvFile(path.resolve(import.meta.dirname, ".."));
const env = parseEnv(process.env);

async function backUp(): Promise<string> {
  if (env.DATABASE_URL) {
    return createPostgresBackup({
      url: env.DATABASE_URL,
      dataDir: env.dataDir,
      keep: env.BACKUP_KEEP,
      tools: env,
    });
  }
  const sqlite = new SQLite(path.join(env.dataDir, "nacre.sqlite"), { fileMustExist: true });
  sqlite.pragma("busy_timeout = 15000");
  try {
    return await createBackup(sqlite, env.dataDir, { keep: env.BACKUP_KEEP });
  } finally {
    sqlite.close();
  }
}

if (process.argv.includes("--list")) {
  const backups = listBackups(env.dataDir);
  console.info(backups.length ? backups.join("\n") : `Aucune sauvegarde dans ${env.dataDir}/backups.`);
} else {
  try {
    const file = await backUp();
    console.info(`Sauvegarde créée : ${file}`);
  } catch (error) {
    console.error(`Sauvegarde impossible : ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
