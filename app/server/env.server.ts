/**
 * The process environment, parsed once at start (docs/product.md §11). Every other module
 * imports `env` instead of reading process.env, so a bad value fails fast with a message naming
 * the variable.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { isPostgresUrl } from "../../db/dialect";

const booleanFlag = z
  .enum(["0", "1", "true", "false", "yes", "no", ""])
  .transform((value) => value === "1" || value === "true" || value === "yes");

/** Comma-separated origins (`https://host[:port]`, no path), each normalised to its origin. */
const originList = z.string().transform((value, context) => {
  const origins: string[] = [];
  for (const item of value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      // reported below
    }
    const bare = url && url.pathname === "/" && !url.search && !url.hash && !url.username;
    if (!url || !/^https?:$/.test(url.protocol) || !bare) {
      context.addIssue({
        code: "custom",
        message: `« ${item} » n'est pas une origine http(s)://hôte[:port] (sans chemin)`,
      });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Unset: the SQLite file in DATA_DIR. postgres://…: a PostgreSQL database (ADR 014). */
  DATABASE_URL: z
    .string()
    .refine(isPostgresUrl, "doit commencer par postgres:// ou postgresql:// (sans elle : SQLite)")
    .optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Other addresses the same shop answers on (e.g. https://www.bijoux.example.fr), comma-separated
   * origins: their forms are accepted like PUBLIC_URL's (origin check, Better Auth).
   */
  PUBLIC_URL_ALIASES: originList.default([]),
  ADMIN_EMAIL: z.email().default("admin@nacre.test"),
  /** Unset: the first start generates a random password and prints it once (ADR 011). */
  ADMIN_PASSWORD: z.string().min(10, "doit contenir au moins 10 caractères").optional(),
  /** Unset: on by default, off in production behind a public PUBLIC_URL (see seedDemoByDefault). */
  SEED_DEMO: booleanFlag.optional(),
  /** The seeded demo customer's password; unset: random, printed once when the demo is seeded. */
  DEMO_PASSWORD: z.string().min(10, "doit contenir au moins 10 caractères").optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  AUTH_SECRET: z.string().min(32, "doit contenir au moins 32 caractères").optional(),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits, logs). */
  TRUST_PROXY: booleanFlag.default(false),
  /** Hours between automatic backups while the server runs (0: none). */
  BACKUP_INTERVAL_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Seconds after start before the first daily pass over inactive accounts (docs/product.md §10.21). */
  INACTIVITY_FIRST_PASS_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /**
   * Minutes the « Nouvelles créations » digest waits after the last piece put on sale, so a batch
   * goes in one e-mail (docs/product.md §10.30, ADR 033).
   */
  DIGEST_DELAY_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  /** How many backups to keep in $DATA_DIR/backups (the oldest go first). */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /** On PostgreSQL, pg_dump and pg_restore for backups when they are not on PATH. */
  PG_DUMP_PATH: z.string().min(1).optional(),
  PG_RESTORE_PATH: z.string().min(1).optional(),
  /** Milliseconds an anonymous page is served from the shared page cache (0: no cache; ADR 008). */
  PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * At start, make in the background the image sizes pages ask for that this instance's cache
   * lacks (ADR 010); 0: only after uploads and on demand (test shops, which start by dozens).
   */
  IMAGE_SIZES_AT_START: booleanFlag.default(true),
  /** Disables the auth rate limiter; only honoured outside production, for load benchmarks. */
  DISABLE_RATE_LIMIT: booleanFlag.default(false),
});

export type Env = Omit<z.infer<typeof envSchema>, "PUBLIC_URL" | "AUTH_SECRET" | "SEED_DEMO"> & {
  PUBLIC_URL: string;
  AUTH_SECRET: string;
  SEED_DEMO: boolean;
  /** Absolute path of DATA_DIR. */
  dataDir: string;
};

export class EnvError extends Error {}

/** Turns zod issues into one readable line per variable, e.g. `PORT: Invalid input`. */
function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`).join("\n");
}

/** AUTH_SECRET, when not given, is generated once and kept in DATA_DIR so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.mkdirSync(dataDir, { recursive: true });
    // "wx" keeps the first secret if two processes start at once; then we read the winner's.
    try {
      fs.writeFileSync(file, secret, { flag: "wx", mode: 0o600 });
      return secret;
    } catch {
      return fs.readFileSync(file, "utf8").trim();
    }
  }
}

const LOCAL_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|[^.]+\.(localhost|test))$/i;

/**
 * A laptop's `npm start` opens the demo shop; a production shop on a public address starts empty
 * unless SEED_DEMO=1 says otherwise, so demo accounts never reach the internet by default.
 */
export function seedDemoByDefault(nodeEnv: Env["NODE_ENV"], publicUrl: string): boolean {
  return nodeEnv !== "production" || LOCAL_HOSTS.test(new URL(publicUrl).hostname);
}

export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const relevant = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, source[key] === "" ? undefined : source[key]]),
  );
  const result = envSchema.safeParse(relevant);
  if (!result.success) {
    throw new EnvError(`Configuration invalide :\n${describeIssues(result.error)}`);
  }
  const parsed = result.data;
  if (parsed.DATABASE_URL && !parsed.AUTH_SECRET) {
    // Each instance would generate its own secret in its own DATA_DIR, and a session opened on one
    // would be refused by the next.
    throw new EnvError(
      "Configuration invalide :\n  - AUTH_SECRET: obligatoire avec DATABASE_URL : toutes les instances doivent partager le même secret (32 caractères au moins)",
    );
  }
  const dataDir = path.resolve(parsed.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  return {
    ...parsed,
    DISABLE_RATE_LIMIT: parsed.DISABLE_RATE_LIMIT && parsed.NODE_ENV !== "production",
    PUBLIC_URL: publicUrl,
    SEED_DEMO: parsed.SEED_DEMO ?? seedDemoByDefault(parsed.NODE_ENV, publicUrl),
    AUTH_SECRET: parsed.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    dataDir,
  };
}

/**
 * The origins whose forms the shop accepts (the Origin check and Better Auth's trusted origins):
 * PUBLIC_URL's scheme, host and port, and PUBLIC_URL_ALIASES'. Outside production, the local
 * addresses of PORT too, for a developer's browser; in production, no localhost origin.
 */
export function trustedOrigins(env: Pick<Env, "NODE_ENV" | "PUBLIC_URL" | "PUBLIC_URL_ALIASES" | "PORT">) {
  const origins = [new URL(env.PUBLIC_URL).origin, ...env.PUBLIC_URL_ALIASES];
  if (env.NODE_ENV !== "production")
    origins.push(`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`);
  return [...new Set(origins)];
}

let cached: Env | undefined;

/** The parsed environment of this process (parsed on first use). */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
