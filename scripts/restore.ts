/**
 * `npm run restore -- <file>`: replaces $DATA_DIR/nacre.sqlite with a backup, after checking it.
 * The shop must be stopped; the database it replaces is kept in backups/avant-restauration-*.
 */
import path from "node:path";
import { restoreBackup } from "../app/server/backup.server";
import { parseEnv } from "../app/server/env.server";
import { loadEnvFile } from "../app/server/env-file.server";

const file = process.argv[2];
if (!file) {
  console.error("Usage : npm run restore -- <fichier de sauvegarde>   (voir npm run backup -- --list)");
  process.exit(2);
}
// Bundled into build/ by `npm run build`: the root is one level up either way.
loadEnvFile(path.resolve(import.meta.dirname, ".."));
const env = parseEnv(process.env);
try {
  const { savedAs } = restoreBackup(env.dataDir, path.resolve(file));
  console.info(`Base restaurée depuis ${path.resolve(file)}.`);
  if (savedAs) console.info(`L'ancienne base est gardée : ${savedAs}`);
} catch (error) {
  console.error(`Restauration impossible : ${(error as Error).message}`);
  process.exitCode = 1;
}
