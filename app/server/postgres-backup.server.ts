/**
 * Backups of a shop on PostgreSQL (ADR 014): `pg_dump --format=custom` archives in
 * $DATA_DIR/backups, named, written and kept like the SQLite copies (backup.server.ts). The
 * database holds the pictures too (ADR 015), so one archive is the whole shop. Restoring checks the
 * archive, keeps a dump of the database it replaces, and replays the archive in one transaction:
 * a failed restore leaves the database as it was.
 *
 * pg_dump and pg_restore are the system's (Debian's postgresql-client), found on PATH or through
 * PG_DUMP_PATH / PG_RESTORE_PATH. The password never reaches their command line, which any user of
 * the machine may read: it travels in the child's environment (PGPASSWORD), and never in a message.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { backupsDir, runningServerPid, timestamp, writeBackup } from "./backup.server";
import { type DatabaseHandle, SHOP_APPLICATION_NAME, tryWithDatabaseLock } from "./database.server";
import type { Env } from "./env.server";
import { createRateLimiter } from "./rate-limit.server";

export type PostgresTool = "pg_dump" | "pg_restore";

/** Where the tools are when PATH is not the answer (Env's PG_DUMP_PATH and PG_RESTORE_PATH). */
export type PostgresTools = Partial<Pick<Env, "PG_DUMP_PATH" | "PG_RESTORE_PATH">>;

/** A refusal or failure of a backup or restore on PostgreSQL, worded for the shop's owner. */
export class PostgresBackupError extends Error {}

const TOOL_VARIABLE = { pg_dump: "PG_DUMP_PATH", pg_restore: "PG_RESTORE_PATH" } as const;

function isExecutable(file: string) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The tool's path: the variable's when set (it must exist), else the first one on PATH. */
export function findPostgresTool(tool: PostgresTool, tools: PostgresTools, searchPath = process.env.PATH) {
  const variable = TOOL_VARIABLE[tool];
  const hint = `installez le client PostgreSQL (Debian : sudo apt-get install postgresql-client), de la même version majeure que le serveur ou plus récent, ou indiquez son chemin dans ${variable}`;
  const explicit = tools[variable];
  if (explicit) {
    if (isExecutable(explicit)) return explicit;
    throw new PostgresBackupError(`${tool} introuvable à ${explicit} (${variable}) : ${hint}.`);
  }
  for (const dir of (searchPath ?? "").split(path.delimiter)) {
    const candidate = dir && path.join(dir, tool);
    if (candidate && isExecutable(candidate)) return candidate;
  }
  throw new PostgresBackupError(`${tool} introuvable : ${hint}.`);
}

/**
 * DATABASE_URL as libpq reads it, without its password (in the URL or its `password` parameter),
 * which goes to the child's environment instead. The node-postgres spellings of TLS that libpq
 * refuses (`ssl=true`, `sslmode=no-verify`) become libpq's `sslmode=require`: encrypted, as the
 * shop's own connection is.
 */
export function libpqConnection(url: string): { dbname: string; password: string | undefined } {
  const parsed = new URL(url);
  const params = parsed.searchParams;
  const password = parsed.password
    ? decodeURIComponent(parsed.password)
    : (params.get("password") ?? undefined);
  parsed.password = "";
  // Only a query that needs a change is rewritten (URLSearchParams re-encodes the whole of it).
  if (params.has("password")) params.delete("password");
  const ssl = params.get("ssl");
  if (ssl !== null) params.delete("ssl");
  const wantsTls = ssl !== null && ssl !== "false" && ssl !== "0" && !params.has("sslmode");
  if (wantsTls || params.get("sslmode") === "no-verify") params.set("sslmode", "require");
  return { dbname: parsed.toString(), password };
}

/** The URL to show in messages: the password replaced by ***. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    if (parsed.searchParams.has("password")) parsed.searchParams.set("password", "***");
    return parsed.toString();
  } catch {
    return "(adresse illisible)";
  }
}

const MAX_OUTPUT = 4_000_000;

interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a client tool on the database at `url` (when given), the password in its environment only. */
function runTool(toolPath: string, args: string[], url?: string): Promise<ToolRun> {
  const connection = url ? libpqConnection(url) : undefined;
  const env: NodeJS.ProcessEnv = { ...process.env, PGCONNECT_TIMEOUT: process.env.PGCONNECT_TIMEOUT ?? "10" };
  if (connection?.password !== undefined) env.PGPASSWORD = connection.password;
  const fullArgs = connection ? [...args, "--no-password", `--dbname=${connection.dbname}`] : args;
  return new Promise((resolve, reject) => {
    const child = spawn(toolPath, fullArgs, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (stderr.length < MAX_OUTPUT) stderr += chunk;
    });
    child.on("error", (error) =>
      reject(new PostgresBackupError(`${path.basename(toolPath)} n'a pas pu être lancé (${error.message}).`)),
    );
    child.on("close", (code) => {
      const secret = connection?.password;
      const redact = (text: string) => (secret ? text.replaceAll(secret, "***") : text);
      resolve({ code, stdout, stderr: redact(stderr) });
    });
  });
}

/** The last lines a tool wrote on failure, on one line. */
function summary(run: ToolRun): string {
  const lines = run.stderr.trim().split("\n").filter(Boolean).slice(-3).join(" / ");
  return lines || `code de sortie ${run.code}`;
}

async function dumpInto(pgDump: string, url: string, file: string) {
  const run = await runTool(pgDump, ["--format=custom", `--file=${file}`], url);
  if (run.code !== 0) throw new PostgresBackupError(`pg_dump a échoué : ${summary(run)}`);
}

/**
 * Checks that `file` is a pg_dump archive of a Nacre shop (pg_restore reads its table of contents):
 * anything else — a SQLite file, a damaged or foreign archive — is refused before the database is
 * touched.
 */
export async function checkShopArchive(file: string, tools: PostgresTools): Promise<void> {
  const pgRestore = findPostgresTool("pg_restore", tools);
  const run = await runTool(pgRestore, ["--list", file]);
  if (run.code !== 0) {
    throw new PostgresBackupError(
      `Ce fichier n'est pas une sauvegarde PostgreSQL lisible (${summary(run)}).`,
    );
  }
  const hasTable = (name: string) => new RegExp(`^\\d+; \\d+ \\d+ TABLE \\S+ ${name} `, "m").test(run.stdout);
  if (!hasTable("kysely_migration") || !hasTable("products")) {
    throw new PostgresBackupError(
      "Cette sauvegarde PostgreSQL n'est pas celle d'une boutique Nacre (ses tables n'y sont pas).",
    );
  }
}

/**
 * A pg_dump archive of the database at `url` in a new file of backups/, checked, keeping the newest
 * `keep` backups. The shop keeps serving: pg_dump reads one consistent snapshot.
 */
export async function createPostgresBackup(options: {
  url: string;
  dataDir: string;
  keep: number;
  now?: Date;
  tools: PostgresTools;
}): Promise<string> {
  const pgDump = findPostgresTool("pg_dump", options.tools);
  findPostgresTool("pg_restore", options.tools);
  return writeBackup(
    options.dataDir,
    { keep: options.keep, now: options.now, extension: "dump" },
    async (partial) => {
      await dumpInto(pgDump, options.url, partial);
      try {
        await checkShopArchive(partial, options.tools);
      } catch (error) {
        throw new PostgresBackupError(`La sauvegarde est illisible (${(error as Error).message}).`);
      }
    },
  );
}

/** Connections of running shops (every instance's pool names itself) to the database at `url`. */
async function shopConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, application_name: "nacre-restauration" });
  try {
    await client.connect();
  } catch (error) {
    throw new PostgresBackupError(`Connexion à PostgreSQL impossible : ${(error as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()`,
      [SHOP_APPLICATION_NAME],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * Replaces the content of the database at `url` with the archive `file`. Refused while a shop runs
 * on it (here, or any instance connected to the database); the current database is first dumped to
 * backups/avant-restauration-*.dump, so a restore can be undone; the replay is one transaction.
 */
export async function restorePostgresBackup(options: {
  url: string;
  dataDir: string;
  file: string;
  tools: PostgresTools;
}): Promise<{ savedAs: string }> {
  const { url, dataDir, file, tools } = options;
  const pid = runningServerPid(dataDir);
  if (pid)
    throw new PostgresBackupError(
      `La boutique tourne encore (processus ${pid}) : arrêtez-la avant de restaurer.`,
    );
  if (!fs.existsSync(file)) throw new PostgresBackupError(`Sauvegarde introuvable : ${file}`);
  const pgDump = findPostgresTool("pg_dump", tools);
  const pgRestore = findPostgresTool("pg_restore", tools);
  await checkShopArchive(file, tools);
  const connected = await shopConnections(url);
  if (connected > 0) {
    throw new PostgresBackupError(
      `La boutique est encore connectée à cette base (${connected} connexion${connected > 1 ? "s" : ""}) : arrêtez toutes ses instances avant de restaurer.`,
    );
  }

  const dir = backupsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let savedAs = path.join(dir, `avant-restauration-${timestamp(new Date())}.dump`);
  for (let n = 2; fs.existsSync(savedAs); n++) savedAs = savedAs.replace(/(-\d+)?\.dump$/, `-${n}.dump`);
  const partial = `${savedAs}.partiel-${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
  try {
    fs.writeFileSync(partial, "", { flag: "wx", mode: 0o600 });
    await dumpInto(pgDump, url, partial);
    fs.renameSync(partial, savedAs);
  } catch (error) {
    throw new PostgresBackupError(
      `La base actuelle n'a pas pu être sauvegardée avant la restauration, rien n'a changé (${(error as Error).message}).`,
    );
  } finally {
    fs.rmSync(partial, { force: true });
  }

  // --clean --if-exists drops what the archive holds before recreating it; --single-transaction
  // makes any error undo everything; ownership and grants are the restoring role's (the archive may
  // come from another server with other roles).
  const run = await runTool(
    pgRestore,
    ["--clean", "--if-exists", "--single-transaction", "--no-owner", "--no-privileges", file],
    url,
  );
  if (run.code !== 0) {
    throw new PostgresBackupError(`Restauration annulée, la base n'a pas changé : ${summary(run)}`);
  }
  return { savedAs };
}

/** How often each instance checks whether the automatic backup is due. */
const SCHEDULE_CHECK_MS = 15 * 60_000;

type ScheduleContext = Pick<DatabaseHandle, "db" | "pool"> & {
  env: Pick<
    Env,
    "DATABASE_URL" | "dataDir" | "BACKUP_KEEP" | "BACKUP_INTERVAL_HOURS" | "PG_DUMP_PATH" | "PG_RESTORE_PATH"
  >;
};

/**
 * The automatic backup, when it is due: on a database several instances share, exactly one of
 * them takes each backup. The instance holding the advisory try-lock (the others skip at once)
 * claims the interval in the database — a rate-limit window of one per BACKUP_INTERVAL_HOURS,
 * shared by all instances — and dumps; a failed dump gives the interval back, so the next check
 * (here or on another instance) tries again. Returns the new file, or null when not this time.
 */
export async function takeScheduledPostgresBackup(
  ctx: ScheduleContext,
  now = Date.now(),
): Promise<string | null> {
  const { env } = ctx;
  if (!env.DATABASE_URL) return null;
  const url = env.DATABASE_URL;
  const claim = createRateLimiter(ctx.db, {
    scope: "sauvegarde-automatique",
    max: 1,
    windowMs: env.BACKUP_INTERVAL_HOURS * 3_600_000,
  });
  const outcome = await tryWithDatabaseLock(ctx, "sauvegarde-automatique", async () => {
    if (!(await claim.attempt("base", now))) return null;
    try {
      return await createPostgresBackup({
        url,
        dataDir: env.dataDir,
        keep: env.BACKUP_KEEP,
        now: new Date(now),
        tools: env,
      });
    } catch (error) {
      await claim.reset("base");
      throw error;
    }
  });
  return outcome.taken ? outcome.value : null;
}

/** Automatic backups of a shop on PostgreSQL: a first check a minute after start, then regularly. */
export function startPostgresBackupSchedule(ctx: ScheduleContext, intervalMs: number): () => void {
  const check = () =>
    takeScheduledPostgresBackup(ctx)
      .then((file) => {
        if (file) console.info(`Sauvegarde : ${file}`);
      })
      .catch((error) =>
        console.error(
          "Sauvegarde impossible :",
          error instanceof PostgresBackupError ? error.message : error,
        ),
      );
  const first = setTimeout(check, 60_000);
  const every = setInterval(check, Math.min(intervalMs, SCHEDULE_CHECK_MS));
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
