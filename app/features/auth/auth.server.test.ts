import { getMigrations } from "better-auth/db/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { usernameFromEmail } from "./auth.server";

let ctx: AppContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("accounts (Better Auth over our migrations)", () => {
  it("our migrations hold every table and column Better Auth expects", async () => {
    // Better Auth is told "sqlite" on both back ends (how values are stored); its schema check must
    // read the catalogue of the database actually there.
    const warnings: string[] = [];
    const { toBeCreated, toBeAdded } = await getMigrations({
      ...ctx.auth.options,
      database: { db: ctx.db, type: ctx.kind },
      logger: { log: (level, message) => level === "warn" && warnings.push(message) },
    });
    expect(toBeCreated).toEqual([]);
    expect(toBeAdded).toEqual([]);
    // On PostgreSQL, the only differences are the shop's own convention: ISO text dates, 0/1 flags.
    for (const warning of warnings) {
      expect(warning).toMatch(
        /^Field \w+ in table \w+ has a different type in the database\. Expected (date but got text|boolean but got int4)\.$/,
      );
    }
  });

  it("builds the username from the e-mail and a timestamp (docs/product.md §5)", () => {
    expect(usernameFromEmail("Marie.Dupont@exemple.fr", 1_700_000_000_000)).toBe("marie.dupont1700000000000");
  });

  it("signs up with role user, verified false, emailVisibility true — whatever the request says", async () => {
    const response = await ctx.auth.handler(
      new Request(`${ctx.env.PUBLIC_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ctx.env.PUBLIC_URL },
        body: JSON.stringify({
          email: "pirate@exemple.fr",
          password: "motdepasse-solide",
          name: "Pirate",
          role: "admin",
          emailVerified: true,
        }),
      }),
    );
    // Better Auth refuses fields that are not inputs, or ignores them: either way no admin appears.
    const row = await ctx.db
      .selectFrom("users")
      .selectAll()
      .where("email", "=", "pirate@exemple.fr")
      .executeTakeFirst();
    if (response.ok) {
      expect(row?.role).toBe("user");
      expect(row?.email_verified).toBe(0);
      expect(row?.email_visibility).toBe(1);
      expect(row?.username).toMatch(/^pirate\d{13}$/);
    } else {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(row).toBeUndefined();
    }
  });

  it("stores sessions in the database and issues an httpOnly cookie", async () => {
    const response = await ctx.auth.handler(
      new Request(`${ctx.env.PUBLIC_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: ctx.env.PUBLIC_URL },
        body: JSON.stringify({ email: "marin@exemple.fr", password: "motdepasse-solide", name: "Marin" }),
      }),
    );
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("nacre.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const sessions = await ctx.db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select("sessions.id")
      .where("users.email", "=", "marin@exemple.fr")
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it("over https, the session cookie is Secure and __Secure- prefixed", async () => {
    const https = await createTestContext({ PUBLIC_URL: "https://nacre.example" });
    try {
      const response = await https.auth.handler(
        new Request("https://nacre.example/api/auth/sign-up/email", {
          method: "POST",
          headers: { "content-type": "application/json", origin: "https://nacre.example" },
          body: JSON.stringify({ email: "surf@exemple.fr", password: "motdepasse-solide", name: "Surf" }),
        }),
      );
      expect(response.status).toBe(200);
      const cookie = response.headers.getSetCookie().find((c) => c.includes("nacre.session_token="));
      expect(cookie).toMatch(/^__Secure-nacre\.session_token=/);
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await https.close();
    }
  });
});
