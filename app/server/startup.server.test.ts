import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StartupRefusedError } from "~/features/account/configured-admin.server";
import { migrationProvider } from "../../db/migrations/index";
import { testBackend, testDatabaseEnv } from "../../tests/support/test-database";
import { type AppContext, createAppContext } from "./context.server";
import type { DB } from "./database.server";
import { parseEnv } from "./env.server";
import { prepareShop, setAdminPasswordFromShell, startupBanner, withStartupLock } from "./startup.server";
import { createTestContext } from "./test-context";

const contexts: AppContext[] = [];
async function context(overrides: Record<string, string> = {}) {
  const ctx = await createTestContext(overrides);
  contexts.push(ctx);
  return ctx;
}
/** A start on DATA_DIR and the run's back end, on a database left as it is (not migrated here). */
function open(environment: Record<string, string>): AppContext {
  const ctx = createAppContext(parseEnv({ SEED_DEMO: "0", NODE_ENV: "test", ...environment }));
  contexts.push(ctx);
  return ctx;
}
/** Another start on the same DATA_DIR and database with another environment. */
async function reopen(ctx: AppContext, overrides: Record<string, string>) {
  const database: Record<string, string> = ctx.env.DATABASE_URL
    ? { DATABASE_URL: ctx.env.DATABASE_URL, AUTH_SECRET: ctx.env.AUTH_SECRET }
    : {};
  return open({ DATA_DIR: ctx.env.dataDir, ...database, ...overrides });
}
const countRows = async (db: DB, table: "products" | "events" | "reviews" | "users") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
async function signIn(ctx: AppContext, email: string, password: string): Promise<boolean> {
  try {
    await ctx.auth.api.signInEmail({ body: { email, password } });
    return true;
  } catch {
    return false;
  }
}
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

describe("prepareShop", () => {
  it("migrates, creates the shop settings and the admin, and is idempotent", async () => {
    const ctx = await context({ ADMIN_EMAIL: "Patronne@Nacre.test", ADMIN_PASSWORD: "un-mot-de-passe-long" });
    const first = await prepareShop(ctx);
    expect(first.admin).toEqual({ email: "patronne@nacre.test", created: true }); // ADMIN_PASSWORD given
    expect(first.demo).toBeUndefined(); // SEED_DEMO=0
    const second = await prepareShop(ctx);
    expect(second).toEqual({
      migrations: [],
      admin: { email: "patronne@nacre.test", created: false },
      demo: undefined,
    });
    const admins = await ctx.db.selectFrom("users").select(["email", "role"]).execute();
    expect(admins).toEqual([{ email: "patronne@nacre.test", role: "admin" }]);
    const settings = await ctx.db.selectFrom("shop_settings").select("shop_name").execute();
    expect(settings).toEqual([{ shop_name: "Nacre" }]);
  });

  it("creates the admin with a generated password reported once, and Admin-Nacre-2026 opens nothing", async () => {
    const ctx = await context();
    const first = await prepareShop(ctx);
    expect(first.admin.created).toBe(true);
    expect(first.admin.generatedPassword).toMatch(/^([A-Za-z2-9]{5}-){3}[A-Za-z2-9]{5}$/);
    const password = first.admin.generatedPassword as string;
    await expect(signIn(ctx, "admin@nacre.test", password)).resolves.toBe(true);
    await expect(signIn(ctx, "admin@nacre.test", "Admin-Nacre-2026")).resolves.toBe(false);
    const second = await prepareShop(ctx);
    expect(second.admin).toEqual({ email: "admin@nacre.test", created: false });
    const stored = await ctx.db.selectFrom("accounts").select("password").executeTakeFirstOrThrow();
    expect(stored.password).not.toContain(password); // only its hash is kept
  });

  it("never promotes a customer account that registered ADMIN_EMAIL first (squatting)", async () => {
    const ctx = await context({ ADMIN_EMAIL: "patronne@nacre.test", ADMIN_PASSWORD: "le-vrai-mot-de-passe" });
    await ctx.auth.api.signUpEmail({
      body: { email: "patronne@nacre.test", password: "celui-du-squatteur", name: "Squatteur" },
    });
    await expect(prepareShop(ctx)).rejects.toThrow(StartupRefusedError);
    await expect(prepareShop(ctx)).rejects.toThrow(/npm run admin:password/);
    const user = await ctx.db.selectFrom("users").select("role").executeTakeFirstOrThrow();
    expect(user.role).toBe("user");
    // Without ADMIN_PASSWORD, no proof at all: refused too.
    const unset = await reopen(ctx, { ADMIN_EMAIL: "patronne@nacre.test" });
    await expect(prepareShop(unset)).rejects.toThrow(StartupRefusedError);
  });

  it("promotes an existing customer account only when ADMIN_PASSWORD is its password", async () => {
    const ctx = await context({
      ADMIN_EMAIL: "cliente@nacre.test",
      ADMIN_PASSWORD: "son-propre-mot-de-passe",
    });
    await ctx.auth.api.signUpEmail({
      body: { email: "cliente@nacre.test", password: "son-propre-mot-de-passe", name: "C" },
    });
    const before = await ctx.db.selectFrom("accounts").select("password").executeTakeFirstOrThrow();
    const report = await prepareShop(ctx);
    expect(report.admin).toEqual({ email: "cliente@nacre.test", created: false });
    const user = await ctx.db.selectFrom("users").select("role").executeTakeFirstOrThrow();
    expect(user.role).toBe("admin");
    const after = await ctx.db.selectFrom("accounts").select("password").executeTakeFirstOrThrow();
    expect(after.password).toBe(before.password);
  });

  it("demotes the account ADMIN_EMAIL named before, and closes its sessions", async () => {
    const ctx = await context({ ADMIN_EMAIL: "ancienne@nacre.test", ADMIN_PASSWORD: "ancien-mot-de-passe" });
    await prepareShop(ctx);
    await signIn(ctx, "ancienne@nacre.test", "ancien-mot-de-passe");
    // An admin promoted by another admin from the dashboard is not the configuration's to take back.
    await ctx.auth.api.signUpEmail({
      body: { email: "collegue@nacre.test", password: "collegue-2026", name: "C" },
    });
    await ctx.db
      .updateTable("users")
      .set({ role: "admin" })
      .where("email", "=", "collegue@nacre.test")
      .execute();

    const moved = await reopen(ctx, {
      ADMIN_EMAIL: "nouvelle@nacre.test",
      ADMIN_PASSWORD: "nouveau-mot-de-passe",
    });
    const report = await prepareShop(moved);
    expect(report.admin.demotedEmail).toBe("ancienne@nacre.test");
    const roles = await moved.db.selectFrom("users").select(["email", "role"]).orderBy("email").execute();
    expect(roles).toEqual([
      { email: "ancienne@nacre.test", role: "user" },
      { email: "collegue@nacre.test", role: "admin" },
      { email: "nouvelle@nacre.test", role: "admin" },
    ]);
    const sessions = await moved.db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select("users.email")
      .where("users.email", "=", "ancienne@nacre.test")
      .execute();
    expect(sessions).toEqual([]);
  });

  // Seeding the demo once under two racing starts is tested on two real processes
  // (tests/integration/server.test.ts), once per back end: drawing its pictures costs ~20 s.
  it("two instances starting together on one database migrate once and create one admin", async () => {
    // On PostgreSQL two DATA_DIRs, so that only the database's own lock can make them take turns;
    // on SQLite the file in DATA_DIR is the database, so both start on the same DATA_DIR.
    const database = testDatabaseEnv("demarrage-double");
    const dataDirs = Array.from({ length: 2 }, () => fs.mkdtempSync(path.join(os.tmpdir(), "nacre-test-")));
    const [first, second] = dataDirs.map((dataDir) =>
      open({
        DATA_DIR: testBackend() === "postgres" ? dataDir : (dataDirs[0] as string),
        ...database,
        ADMIN_EMAIL: "patronne@nacre.test",
        ADMIN_PASSWORD: "mot-de-passe-partage",
      }),
    ) as [AppContext, AppContext];

    const reports = await Promise.all([prepareShop(first), prepareShop(second)]);

    const allMigrations = Object.keys(await migrationProvider.getMigrations()).sort();
    expect(reports.map((report) => report.migrations.sort())).toContainEqual(allMigrations);
    expect(reports.map((report) => report.migrations.length).sort()).toEqual([0, allMigrations.length]);
    expect(reports.map((report) => report.admin.created).sort()).toEqual([false, true]);
    const admins = await first.db.selectFrom("users").select("email").where("role", "=", "admin").execute();
    expect(admins).toEqual([{ email: "patronne@nacre.test" }]);
    expect(await countRows(first.db, "users")).toBe(1);
  });
});

describe("setAdminPasswordFromShell (npm run admin:password)", () => {
  it("takes the address back from a squatter: new password, admin role, every session closed", async () => {
    const ctx = await context({ ADMIN_EMAIL: "patronne@nacre.test" });
    await ctx.auth.api.signUpEmail({
      body: { email: "patronne@nacre.test", password: "celui-du-squatteur", name: "Squatteur" },
    });
    await signIn(ctx, "patronne@nacre.test", "celui-du-squatteur");
    const report = await setAdminPasswordFromShell(ctx, "le-vrai-mot-de-passe");
    expect(report).toEqual({ email: "patronne@nacre.test", created: false });
    const user = await ctx.db.selectFrom("users").select(["id", "role"]).executeTakeFirstOrThrow();
    expect(user.role).toBe("admin");
    expect(await ctx.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute()).toEqual(
      [],
    );
    await expect(signIn(ctx, "patronne@nacre.test", "celui-du-squatteur")).resolves.toBe(false);
    await expect(signIn(ctx, "patronne@nacre.test", "le-vrai-mot-de-passe")).resolves.toBe(true);
    // The next start accepts it as the configured admin.
    await expect(prepareShop(ctx)).resolves.toMatchObject({ admin: { created: false } });
  });

  it("creates the account on a shop never started, and refuses a short password", async () => {
    const ctx = await context();
    await expect(setAdminPasswordFromShell(ctx, "court")).rejects.toThrow(
      "Le mot de passe doit contenir entre 10 et 128 caractères.",
    );
    await expect(setAdminPasswordFromShell(ctx, "un-mot-de-passe-solide")).resolves.toMatchObject({
      created: true,
    });
    await expect(signIn(ctx, "admin@nacre.test", "un-mot-de-passe-solide")).resolves.toBe(true);
  });
});

describe("startupBanner", () => {
  const env = { PUBLIC_URL: "https://bijoux.example", dataDir: "/var/lib/nacre" };
  it("shows a generated password, never one given through the environment", () => {
    const generated = startupBanner(env, {
      migrations: [],
      admin: { email: "a@b.fr", created: true, generatedPassword: "abcde-fghij-kmnop-qrstu" },
      demo: { customerEmail: "cliente@nacre.test", customerPassword: "vwxyz-ABCDE-FGHJK-LMNPQ" },
    }).join("\n");
    expect(generated).toContain("a@b.fr / mot de passe : abcde-fghij-kmnop-qrstu");
    expect(generated).toContain("cliente@nacre.test / mot de passe : vwxyz-ABCDE-FGHJK-LMNPQ");
    const later = startupBanner(env, { migrations: [], admin: { email: "a@b.fr", created: false } }).join(
      "\n",
    );
    expect(later).toContain("Administratrice : a@b.fr");
    expect(later).toContain("npm run admin:password");
    expect(later).not.toMatch(/mot de passe : \S/);
  });
});

describe("withStartupLock", () => {
  it("runs two starts on one DATA_DIR one after the other", async () => {
    const ctx = await context();
    const events: string[] = [];
    const run = (name: string) =>
      withStartupLock(ctx.env.dataDir, async () => {
        events.push(`${name}:start`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        events.push(`${name}:end`);
      });
    await Promise.all([run("a"), run("b")]);
    expect(events).toEqual(["a:start", "a:end", "b:start", "b:end"]);
    expect(fs.existsSync(path.join(ctx.env.dataDir, "startup.lock"))).toBe(false);
  });

  it("lets eight simultaneous starts in one at a time, and leaves no file behind", async () => {
    const ctx = await context();
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withStartupLock(ctx.env.dataDir, async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((resolve) => setTimeout(resolve, 10));
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(fs.readdirSync(ctx.env.dataDir).filter((name) => name.startsWith("startup.lock"))).toEqual([]);
  });

  it("takes over the lock of a process that died", async () => {
    const ctx = await context();
    fs.writeFileSync(path.join(ctx.env.dataDir, "startup.lock"), "999999999");
    await expect(withStartupLock(ctx.env.dataDir, async () => "fait")).resolves.toBe("fait");
  });
});
