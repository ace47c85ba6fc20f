/**
 * What `npm start` does before serving: migrate, make sure the shop settings and the admin account
 * exist (admin-account.server.ts), and seed demo content into an empty database. A lock file in
 * DATA_DIR serialises two processes started on the same folder, and on PostgreSQL an advisory lock
 * serialises the instances sharing the database (ADR 014): migrations and seeding run once.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { type AdminReport, ensureAdmin, setAdminPassword } from "~/features/account/configured-admin.server";
import { ensureSearchIndex } from "~/features/catalogue/search-index.server";
import { shopDefaults } from "~/features/content/shop-defaults";
import type { AppContext } from "./context.server";
import { type DB, migrateToLatest, redactedDatabaseUrl, withDatabaseLock } from "./database.server";
import type { Env } from "./env.server";

export interface StartupReport {
  migrations: string[];
  admin: AdminReport;
  /** Set when this start seeded the demo shop: the demo customer's e-mail and password (shown once). */
  demo?: { customerEmail: string; customerPassword?: string };
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs `work` while holding DATA_DIR/startup.lock; waits for (or clears a dead holder's) lock. */
export async function withStartupLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  const lockFile = path.join(dataDir, "startup.lock");
  const deadline = Date.now() + 180_000;
  // The lock appears whole or not at all: written under a private name, then linked into place
  // (link fails when the lock exists). Writing it in place left a moment where another start read
  // an empty file, took its holder for dead and started migrating beside us.
  const ownFile = `${lockFile}.${process.pid}.${randomUUID()}`;
  fs.writeFileSync(ownFile, String(process.pid));
  for (;;) {
    try {
      fs.linkSync(ownFile, lockFile);
      fs.rmSync(ownFile, { force: true });
      break;
    } catch {
      let holder: number;
      try {
        holder = Number(fs.readFileSync(lockFile, "utf8"));
      } catch {
        continue; // released meanwhile: try again at once
      }
      if (!Number.isInteger(holder) || holder <= 0 || !processIsAlive(holder)) {
        fs.rmSync(lockFile, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        fs.rmSync(ownFile, { force: true });
        throw new Error(`Verrou de démarrage occupé par le processus ${holder}.`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}

/** Empty: nothing but (at most) the admin account and the shop settings. */
export async function isDatabaseEmpty(db: DB): Promise<boolean> {
  const { count } = await db
    .selectFrom(
      sql<{ n: number }>`(select count(*) as n from products union all select count(*) from events
        union all select count(*) from categories union all select count(*) from users where coalesce(role, 'user') <> 'admin')`.as(
        "t",
      ),
    )
    .select((eb) => eb.fn.sum<number>("n").as("count"))
    .executeTakeFirstOrThrow();
  return Number(count) === 0;
}

/** The demo seed and its artwork are a chunk of their own, read only when a start seeds. */
async function seedDemo(ctx: AppContext, pictureFolder: string | undefined) {
  const seed = await import("../../db/seed/seed");
  return seed.seedDemo(ctx, pictureFolder);
}

async function ensureShopSettings(ctx: AppContext): Promise<void> {
  const s = shopDefaults;
  await ctx.db
    .insertInto("shop_settings")
    .values({
      id: "shop",
      shop_name: s.shopName,
      tagline: s.tagline,
      owner_name: s.ownerName,
      address_line: s.addressLine,
      postal_code: s.postalCode,
      city: s.city,
      phone: s.phone,
      phone_href: s.phoneHref,
      email: s.email,
      instagram_url: s.instagramUrl,
      facebook_url: s.facebookUrl,
      tiktok_url: s.tiktokUrl,
      map_query: s.mapQuery,
      siret: s.siret,
      legal_form: s.legalForm,
      host_name: s.hostName,
      host_address: s.hostAddress,
      map_latitude: s.mapLatitude,
      map_longitude: s.mapLongitude,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  // Shops created before the map position existed get the default position once.
  await ctx.db
    .updateTable("shop_settings")
    .set({ map_latitude: s.mapLatitude, map_longitude: s.mapLongitude })
    .where("id", "=", "shop")
    .where("map_latitude", "is", null)
    .execute();
}

/**
 * Migrates, configures the admin and, on an empty database, seeds the demo. `demoPictures`: the
 * folder of the demo's drawings the build made (build/demo-pictures, ADR 030).
 */
export async function prepareShop(
  ctx: AppContext,
  options: { demoPictures?: string } = {},
): Promise<StartupReport> {
  return withStartupLock(ctx.env.dataDir, () =>
    withDatabaseLock(ctx, "démarrage", async () => {
      const migrations = await migrateToLatest(ctx.db);
      const shouldSeed = ctx.env.SEED_DEMO && (await isDatabaseEmpty(ctx.db));
      await ensureShopSettings(ctx);
      const admin = await ensureAdmin(ctx);
      const demo = shouldSeed ? await seedDemo(ctx, options.demoPictures) : undefined;
      // Derived data: built once, and again whenever the words' rules change (ADR 019).
      await ensureSearchIndex(ctx.db);
      return { migrations, admin, demo };
    }),
  );
}

/**
 * `npm run admin:password`: on a migrated database, even before the shop's first start. It holds
 * the start-up lock of the database too: an instance starting meanwhile elsewhere (PostgreSQL)
 * reads and changes the configured admin after it, never at the same time.
 */
export async function setAdminPasswordFromShell(ctx: AppContext, password: string): Promise<AdminReport> {
  return withStartupLock(ctx.env.dataDir, () =>
    withDatabaseLock(ctx, "démarrage", async () => {
      await migrateToLatest(ctx.db);
      await ensureShopSettings(ctx);
      return setAdminPassword(ctx, password);
    }),
  );
}

/**
 * What the server prints once it listens. A password appears only when this very start generated
 * it (shown once, never stored in clear); a password given through the environment never appears.
 */
export function startupBanner(
  env: Pick<Env, "PUBLIC_URL" | "dataDir" | "DATABASE_URL">,
  report: StartupReport,
): string[] {
  const { admin, demo } = report;
  const lines = ["", `  Nacre est en ligne : ${env.PUBLIC_URL}`];
  lines.push(`  Données : ${env.dataDir}${demo ? " (contenu de démonstration créé)" : ""}`);
  // Which database, never its password (docs/security.md, logs).
  if (env.DATABASE_URL) lines.push(`  Base de données : ${redactedDatabaseUrl(env.DATABASE_URL)}`);
  if (admin.generatedPassword) {
    lines.push(
      `  Administratrice : ${admin.email} / mot de passe : ${admin.generatedPassword}`,
      "    (affiché cette seule fois : notez-le ; pour en changer, `npm run admin:password`)",
    );
  } else {
    lines.push(
      `  Administratrice : ${admin.email}${admin.created ? " (mot de passe : celui d'ADMIN_PASSWORD)" : ""}`,
      "    (mot de passe oublié ? `npm run admin:password` depuis le serveur)",
    );
  }
  if (admin.demotedEmail) {
    lines.push(`  ${admin.demotedEmail}, nommée auparavant par ADMIN_EMAIL, n'est plus administratrice.`);
  }
  if (demo) {
    lines.push(
      demo.customerPassword
        ? `  Cliente de démonstration : ${demo.customerEmail} / mot de passe : ${demo.customerPassword} (affiché cette seule fois)`
        : `  Cliente de démonstration : ${demo.customerEmail} (mot de passe : celui de DEMO_PASSWORD)`,
    );
  }
  lines.push("");
  return lines;
}
