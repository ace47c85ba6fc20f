/**
 * `npm run move-to-postgres -- --from <DATA_DIR> --to <postgres://…>`: copies a SQLite shop (its
 * database and its uploaded pictures) into an empty PostgreSQL database, then prints every table's
 * count on both sides; nothing is committed unless they all match (app/server/move-to-postgres.server.ts).
 * Without --from, DATA_DIR; without --to, DATABASE_URL (from the environment or .env), which keeps
 * the password off the command line. The password is never printed, nor is the session secret.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadEnvFile } from "../app/server/env-file.server";
import { MoveRefusedError, moveToPostgres } from "../app/server/move-to-postgres.server";
import { describeDatabaseUrl } from "../app/server/postgres-backup.server";
import { isPostgresUrl } from "../db/dialect";

const USAGE =
  "Usage : npm run move-to-postgres -- --from <dossier DATA_DIR de la boutique SQLite> --to <postgres://…>\n" +
  "        (sans --from : DATA_DIR ; sans --to : DATABASE_URL, de l'environnement ou du .env)";

// Bundled into build/ by `npm run build`: the root is one level up either way.
loadEnvFile(path.resolve(import.meta.dirname, ".."));

let values: { from?: string; to?: string };
try {
  ({ values } = parseArgs({ options: { from: { type: "string" }, to: { type: "string" } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const fromDataDir = path.resolve(values.from ?? process.env.DATA_DIR ?? "./data");
const toUrl = values.to ?? process.env.DATABASE_URL;
if (!isPostgresUrl(toUrl)) {
  console.error(`La base cible doit être une adresse postgres:// ou postgresql://.\n${USAGE}`);
  process.exit(2);
}

console.info(`Déménagement de la boutique SQLite de ${fromDataDir}`);
console.info(`vers la base PostgreSQL ${describeDatabaseUrl(toUrl)}`);
try {
  const report = await moveToPostgres({ fromDataDir, toUrl });
  if (report.migrations.length)
    console.info(`Migrations appliquées à la base cible : ${report.migrations.length}.`);
  const width = Math.max(...report.counts.map((count) => count.table.length), 12);
  console.info("");
  console.info(`  ${"table".padEnd(width)}  ${"SQLite".padStart(8)}  ${"PostgreSQL".padStart(10)}`);
  for (const { table, source, target } of report.counts) {
    const verdict = source === target ? "" : "  ← DIFFÉRENT";
    console.info(
      `  ${table.padEnd(width)}  ${String(source).padStart(8)}  ${String(target).padStart(10)}${verdict}`,
    );
  }
  console.info(
    `  (image_files compte les ${report.originals} originaux de ${path.join(fromDataDir, "uploads")})`,
  );
  if (report.skippedFiles.length) {
    console.info(
      `  ${report.skippedFiles.length} fichier(s) de uploads/ ne sont pas des images de la boutique, non copiés :`,
    );
    for (const file of report.skippedFiles.slice(0, 10)) console.info(`    ${file}`);
  }
  console.info("");
  if (!report.committed) {
    console.error(
      "Les nombres ne correspondent pas : aucune donnée n'a été enregistrée dans la base PostgreSQL.",
    );
    process.exitCode = 1;
  } else {
    const rows = report.counts.reduce((sum, count) => sum + count.target, 0);
    console.info(
      `Déménagement réussi : ${rows} lignes copiées, dont ${report.originals} images, nombres vérifiés.`,
    );
    console.info("");
    console.info(
      "Pour servir la boutique depuis PostgreSQL, donnez à chaque instance (.env ou environnement) :",
    );
    console.info("  DATABASE_URL : l'adresse de cette base ;");
    const secretFile = path.join(fromDataDir, "auth-secret");
    const secretSource = fs.existsSync(secretFile)
      ? `le contenu du fichier ${secretFile}`
      : "la valeur d'AUTH_SECRET de l'ancienne boutique (son .env)";
    console.info(`  AUTH_SECRET : obligatoire, le même partout ; reprenez ${secretSource},`);
    console.info(
      "    les sessions ouvertes restent alors valables (un nouveau secret déconnecte tout le monde).",
    );
    console.info(
      `Les images sont maintenant dans la base : ${path.join(fromDataDir, "uploads")} ne sert plus, gardez-le avec l'ancienne base le temps de vérifier la boutique.`,
    );
  }
} catch (error) {
  const message = (error as Error).message;
  if (error instanceof MoveRefusedError) console.error(`Déménagement refusé : ${message}`);
  else
    console.error(
      `Déménagement impossible, aucune donnée n'a été enregistrée dans la base PostgreSQL : ${message}`,
    );
  process.exitCode = 1;
}
