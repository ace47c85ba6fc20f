import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { AppContext } from "./context.server";
import { ensureAdmin, prepareShop, withStartupLock } from "./startup.server";
import { createTestContext } from "./test-context";

const contexts: AppContext[] = [];
async function context(overrides: Record<string, string> = {}) {
  const ctx = await createTestContext(overrides);
  contexts.push(ctx);
  return ctx;
}
afterAll(() => {
  for (const ctx of contexts) ctx.sqlite.close();
});

describe("prepareShop", () => {
  it("migrates, creates the shop settings and the admin, and is idempotent", async () => {
    const ctx = await context({ ADMIN_EMAIL: "Patronne@Nacre.test", ADMIN_PASSWORD: "un-mot-de-passe-long" });
    const first = await prepareShop(ctx);
    expect(first.adminCreated).toBe(true);
    expect(first.seeded).toBe(false); // SEED_DEMO=0
    const second = await prepareShop(ctx);
    expect(second).toEqual({ migrations: [], adminCreated: false, seeded: false });
    const admins = await ctx.db.selectFrom("users").select(["email", "role"]).execute();
    expect(admins).toEqual([{ email: "patronne@nacre.test", role: "admin" }]);
    const settings = await ctx.db.selectFrom("shop_settings").select("shop_name").execute();
    expect(settings).toEqual([{ shop_name: "Nacre" }]);
  });

  it("promotes an existing account named by ADMIN_EMAIL without touching its password", async () => {
    const ctx = await context({ ADMIN_EMAIL: "cliente@nacre.test" });
    await ctx.auth.api.signUpEmail({
      body: { email: "cliente@nacre.test", password: "son-propre-mot", name: "C" },
    });
    const before = await ctx.db.selectFrom("accounts").select("password").executeTakeFirstOrThrow();
    expect(await ensureAdmin(ctx)).toBe(false);
    const user = await ctx.db.selectFrom("users").select("role").executeTakeFirstOrThrow();
    expect(user.role).toBe("admin");
    const after = await ctx.db.selectFrom("accounts").select("password").executeTakeFirstOrThrow();
    expect(after.password).toBe(before.password);
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
