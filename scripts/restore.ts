/**
 * `npm run restore -- <file>`: puts a backup back, after checking it. The shop must be stopped.
 * On SQLite the file replaces $DATA_DIR/nacre.sqlite, the database it replaces kept in
 * backups/avant-restauration-*.sqlite; with DATABASE_URL a pg_dump archive is replayed into that
 * PostgreSQL database (every instance stopped), the current content dumped first to
 * backups/avant-restauration-*.dump.
 */
import path from "node:path";
import { restoreBackup } from "../app/server/backup.server";
import { parseEnv } from "../app/server/env.server";
import { loadEnvFile } from "../app/server/env-file.server";
import { restorePostgresBackup } from "../app/server/postgres-backup.server";

const file = process.argv[2];
if (!file) {
  console.error("Usage : npm run restore -- <fichier de sauvegarde>   (voir npm run backup -- --list)");
  process.exit(2);
}
// Bundled into build/ by `npm run build`: the root is one level up either way.
loadEnvFile(path.resolve(import.meta.dirname, ".."));
const env = parseEnv(process.env);
const backupFile = path.resolve(file);
try {
  const { savedAs } = env.DATABASE_URL
    ? await restorePostgresBackup({
        url: env.DATABASE_URL,
        dataDir: env.dataDir,
        file: backupFile,
        tools: env,
      })
    : restoreBackup(env.dataDir, backupFile);
  console.info(`Base restaurée depuis ${backupFile}.`);
  if (savedAs) console.info(`L'ancienne base est gardée : ${savedAs}`);
} catch (error) {
  console.error(`Restauration impossible : ${(error as Error).message}`);
  process.exitCode = 1;
}
