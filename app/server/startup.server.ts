/**
 * What `npm start` does before serving: migrate, make sure the shop settings and the admin account
 * exist, and seed demo content into an empty database. A lock file in DATA_DIR serialises two
 * processes started on the same folder, so they never interleave their writes.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AppContext } from "./context.server";
import { migrateToLatest } from "./database.server";
import { demoShopSettings } from "./seed/demo-content.server";
import { isDatabaseEmpty, seedDemo } from "./seed/seed.server";

export interface StartupReport {
  migrations: string[];
  adminCreated: boolean;
  seeded: boolean;
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

async function ensureShopSettings(ctx: AppContext): Promise<void> {
  const s = demoShopSettings;
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
  // Shops created before the map position existed get the demo position once.
  await ctx.db
    .updateTable("shop_settings")
    .set({ map_latitude: s.mapLatitude, map_longitude: s.mapLongitude })
    .where("id", "=", "shop")
    .where("map_latitude", "is", null)
    .execute();
}

/** The ADMIN_EMAIL account exists and is an admin; an existing password is never overwritten. */
export async function ensureAdmin(ctx: AppContext): Promise<boolean> {
  const email = ctx.env.ADMIN_EMAIL.toLowerCase();
  const existing = await ctx.db
    .selectFrom("users")
    .select(["id"])
    .where("email", "=", email)
    .executeTakeFirst();
  let created = false;
  if (!existing) {
    await ctx.auth.api.signUpEmail({
      body: { email, password: ctx.env.ADMIN_PASSWORD, name: "Maeva (administratrice)" },
    });
    created = true;
  }
  await ctx.db
    .updateTable("users")
    .set({ role: "admin", email_verified: 1 })
    .where("email", "=", email)
    .execute();
  return created;
}

export async function prepareShop(ctx: AppContext): Promise<StartupReport> {
  return withStartupLock(ctx.env.dataDir, async () => {
    const migrations = await migrateToLatest(ctx.db);
    const shouldSeed = ctx.env.SEED_DEMO && (await isDatabaseEmpty(ctx.db));
    await ensureShopSettings(ctx);
    const adminCreated = await ensureAdmin(ctx);
    if (shouldSeed) await seedDemo(ctx);
    return { migrations, adminCreated, seeded: shouldSeed };
  });
}
