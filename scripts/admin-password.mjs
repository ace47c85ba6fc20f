// `npm run admin:password`: sets (or resets) the password of the ADMIN_EMAIL account from the
// server's shell, on a built shop (no dev dependency needed). Asks twice on a terminal, or reads
// the first line of standard input (`echo "$NEW" | npm run admin:password`). The password is never
// printed nor logged. The account becomes the configured admin and its sessions are closed (ADR 011).
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const bundle = path.join(root, "build/server/index.js");

/** Reads one line from the terminal without echoing it. */
function askHidden(question) {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    let value = "";
    const onData = (chunk) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (char === "\u0003") {
          input.setRawMode(false);
          process.stdout.write("\n");
          reject(new Error("Annulé."));
          return;
        }
        if (char === "\u007f" || char === "\b") value = value.slice(0, -1);
        else value += char;
      }
    };
    input.on("data", onData);
  });
}

async function readPassword() {
  if (process.stdin.isTTY) {
    const first = await askHidden("Nouveau mot de passe de l'administratrice : ");
    const second = await askHidden("Confirmez-le : ");
    if (first !== second) throw new Error("Les mots de passe ne correspondent pas.");
    return first;
  }
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) return line;
  throw new Error("Aucun mot de passe reçu sur l'entrée standard.");
}

async function main() {
  if (!fs.existsSync(bundle)) throw new Error("Pas de build : lancez `npm run build` d'abord.");
  try {
    process.loadEnvFile(path.join(root, ".env"));
  } catch {
    // No .env: the environment alone configures the shop.
  }
  process.env.NODE_ENV ??= "production";
  const mod = await import(pathToFileURL(bundle).href);
  mod.getEnv(); // a wrong variable stops here, named
  const password = await readPassword();
  try {
    const report = await mod.setAdminPasswordFromShell(mod.getAppContext(), password);
    console.info(
      `Mot de passe de ${report.email} ${report.created ? "défini (compte créé)" : "changé"} ; ses sessions sont fermées.`,
    );
    if (report.demotedEmail) console.info(`${report.demotedEmail} n'est plus administratrice.`);
  } catch (error) {
    if (error instanceof mod.AdminPasswordError) throw new Error(error.message);
    throw error;
  } finally {
    await mod.getAppContext().close(); // the SQLite file or the PostgreSQL pool
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
