/**
 * The shop's rules inside Better Auth (docs/security.md, "Comptes"): no enumeration through
 * signup or password reset, account e-mails sent outside the request, a per-account limit on
 * failed sign-ins, and user fields that follow the profile's rules whatever the route.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppContext } from "~/server/context.server";
import type { Mailer, MailMessage } from "~/server/mail.server";
import { createTestContext } from "~/server/test-context";
import { TOO_MANY_ATTEMPTS } from "./auth-schemas";

let ctx: AppContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // The account e-mails are recorded in the outbox and delivered by its worker (ADR 025).
  ctx.outbox.start();
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

function post(
  auth: { handler: (request: Request) => Promise<Response> },
  endpoint: string,
  body: unknown,
  ip = "203.0.113.1",
) {
  return auth.handler(
    new Request(`${ctx.env.PUBLIC_URL}/api/auth${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ctx.env.PUBLIC_URL, "x-forwarded-for": ip },
      body: JSON.stringify(body),
    }),
  );
}

/** The outbox's messages, body decoded from quoted-printable so French text can be searched. */
function outbox(): string[] {
  const dir = path.join(ctx.env.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  // Only whole messages: a file being written is a hidden temporary one (app/server/mail.server.ts).
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), "latin1").replace(/=\r?\n/g, "");
      return Buffer.from(
        raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        "latin1",
      ).toString("utf8");
    });
}

async function eventually<T>(read: () => T, ok: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = read();
  }
  return value;
}

/** The JSON with every value replaced by its type: what a caller could compare between answers. */
function shape(value: unknown): unknown {
  if (value === null) return "null";
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === "object") {
    return Object.fromEntries(Object.entries(value as object).map(([key, inner]) => [key, shape(inner)]));
  }
  return typeof value;
}

describe("signup with an address that already has an account", () => {
  it("answers 200 with the same body shape as a new account, opens no session, and mails the owner", async () => {
    const fresh = await post(ctx.auth, "/sign-up/email", {
      email: "premiere@exemple.fr",
      password: "motdepasse-solide",
      name: "Première",
    });
    expect(fresh.status).toBe(200);
    const freshBody = await fresh.json();

    const taken = await post(ctx.auth, "/sign-up/email", {
      email: "Premiere@exemple.fr",
      password: "autre-motdepasse",
      name: "Intruse",
    });
    expect(taken.status).toBe(200);
    const takenBody = await taken.json();
    expect(Object.keys(takenBody.user)).toEqual(Object.keys(freshBody.user));
    expect(shape(takenBody)).toEqual(shape(freshBody));
    expect(takenBody.user.id).not.toBe(freshBody.user.id);
    expect(JSON.stringify(takenBody)).not.toMatch(/exist/i);
    // Nobody is signed in, and the account is untouched.
    expect(taken.headers.getSetCookie().some((cookie) => cookie.includes("session_token="))).toBe(false);
    const rows = await ctx.db
      .selectFrom("users")
      .select(["id", "name"])
      .where("email", "=", "premiere@exemple.fr")
      .execute();
    expect(rows).toEqual([{ id: freshBody.user.id, name: "Première" }]);

    const mails = await eventually(outbox, (all) =>
      all.some((mail) => mail.includes("essayer de créer un compte")),
    );
    const warning = mails.find((mail) => mail.includes("essayer de créer un compte"));
    expect(warning).toContain("premiere@exemple.fr");
    expect(warning).toContain("/auth?vue=oubli");
  });

  it("the shop's own server code still gets Better Auth's error (no fake account for it)", async () => {
    await expect(
      ctx.auth.api.signUpEmail({
        body: { email: "premiere@exemple.fr", password: "motdepasse-solide", name: "X" },
      }),
    ).rejects.toThrow();
  });
});

describe("password reset mail", () => {
  it("is recorded before the answer, and sent outside it: the request answers while the mailer hangs, the same for known and unknown addresses", async () => {
    const sent: MailMessage[] = [];
    let release = () => {};
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    const original = ctx.mailer;
    ctx.mailer = {
      async send(message) {
        sent.push(message);
        await hanging;
        return {};
      },
    } satisfies Mailer;
    try {
      await post(ctx.auth, "/sign-up/email", {
        email: "lente@exemple.fr",
        password: "motdepasse-solide",
        name: "Lente",
      });
      const ask = (email: string) =>
        Promise.race([
          post(
            ctx.auth,
            "/request-password-reset",
            { email, redirectTo: "/reinitialiser-mot-de-passe" },
            "203.0.113.9",
          ),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error("la requête attend le courrier")), 2000),
          ),
        ]);
      const known = await ask("lente@exemple.fr");
      const unknown = await ask("personne@exemple.fr");
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(await known.text()).toBe(await unknown.text());
      // Recorded when the answer left; the worker then hands it to the (hanging) mail server.
      const rows = await ctx.db
        .selectFrom("mail_outbox")
        .select(["recipient", "kind"])
        .where("kind", "=", "réinitialisation du mot de passe")
        .execute();
      expect(rows).toEqual([{ recipient: "lente@exemple.fr", kind: "réinitialisation du mot de passe" }]);
      await eventually(
        () => sent.length,
        (count) => count > 0,
      );
      expect(sent).toHaveLength(1);
      expect(sent[0]?.to).toBe("lente@exemple.fr");
      expect(sent[0]?.text).toMatch(/\/api\/auth\/reset-password\/[A-Za-z0-9]+/);
    } finally {
      release();
      ctx.mailer = original;
    }
  });

  it("still lands in the outbox", async () => {
    await post(ctx.auth, "/sign-up/email", {
      email: "oubli@exemple.fr",
      password: "motdepasse-solide",
      name: "Oubli",
    });
    const response = await post(
      ctx.auth,
      "/request-password-reset",
      { email: "oubli@exemple.fr" },
      "203.0.113.10",
    );
    expect(response.status).toBe(200);
    const mails = await eventually(outbox, (all) =>
      all.some((mail) => mail.includes("To: oubli@exemple.fr")),
    );
    expect(
      mails.some(
        (mail) => mail.includes("To: oubli@exemple.fr") && mail.includes("/api/auth/reset-password/"),
      ),
    ).toBe(true);
  });
});

describe("failed sign-ins per account", () => {
  it("ten failures from ten addresses lock that account for fifteen minutes, not others, not forever", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const password = "Bon-motdepasse-2026";
    await post(ctx.auth, "/sign-up/email", { email: "cible@exemple.fr", password, name: "Cible" });
    await post(ctx.auth, "/sign-up/email", { email: "voisine@exemple.fr", password, name: "Voisine" });
    for (let i = 0; i < 10; i++) {
      const response = await post(
        ctx.auth,
        "/sign-in/email",
        { email: "cible@exemple.fr", password: `faux-${i}-motdepasse` },
        `198.51.100.${i + 1}`,
      );
      expect(response.status).toBe(401);
    }
    const locked = await post(
      ctx.auth,
      "/sign-in/email",
      { email: "CIBLE@exemple.fr", password },
      "198.51.100.77",
    );
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toBe(TOO_MANY_ATTEMPTS);
    // An unknown address is counted the same way: the limit tells nothing about who has an account.
    for (let i = 0; i < 10; i++) {
      await post(
        ctx.auth,
        "/sign-in/email",
        { email: "fantome@exemple.fr", password: `faux-${i}-motdepasse` },
        `198.51.101.${i + 1}`,
      );
    }
    expect(
      (await post(ctx.auth, "/sign-in/email", { email: "fantome@exemple.fr", password }, "198.51.101.99"))
        .status,
    ).toBe(429);
    expect(
      (await post(ctx.auth, "/sign-in/email", { email: "voisine@exemple.fr", password }, "198.51.100.78"))
        .status,
    ).toBe(200);

    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    const later = await post(
      ctx.auth,
      "/sign-in/email",
      { email: "cible@exemple.fr", password },
      "198.51.100.79",
    );
    expect(later.status).toBe(200);
  });

  it("a successful sign-in clears the account's failures", async () => {
    const password = "Bon-motdepasse-2026";
    await post(ctx.auth, "/sign-up/email", { email: "distraite@exemple.fr", password, name: "Distraite" });
    const fail = (i: number) =>
      post(
        ctx.auth,
        "/sign-in/email",
        { email: "distraite@exemple.fr", password: "pas-le-bon" },
        `192.0.2.${i}`,
      );
    for (let i = 1; i <= 9; i++) expect((await fail(i)).status).toBe(401);
    expect(
      (await post(ctx.auth, "/sign-in/email", { email: "distraite@exemple.fr", password }, "192.0.2.50"))
        .status,
    ).toBe(200);
    for (let i = 10; i <= 18; i++) expect((await fail(i)).status).toBe(401);
    expect(
      (await post(ctx.auth, "/sign-in/email", { email: "distraite@exemple.fr", password }, "192.0.2.51"))
        .status,
    ).toBe(200);
  });
});

describe("user fields through Better Auth follow the profile's rules", () => {
  it("signup refuses an 81-character name and any image, in French, whether or not the address is taken", async () => {
    for (const email of ["nouvelle@exemple.fr", "premiere@exemple.fr"]) {
      const long = await post(
        ctx.auth,
        "/sign-up/email",
        { email, password: "motdepasse-solide", name: "n".repeat(81) },
        "203.0.113.20",
      );
      expect(long.status).toBe(400);
      expect((await long.json()).message).toBe("Ce nom est trop long.");
      const image = await post(
        ctx.auth,
        "/sign-up/email",
        { email, password: "motdepasse-solide", name: "Image", image: "javascript:alert(1)" },
        "203.0.113.20",
      );
      expect(image.status).toBe(400);
      expect((await image.json()).message).toBe("La photo de profil se change depuis votre espace client.");
    }
    const rows = await ctx.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "nouvelle@exemple.fr")
      .execute();
    expect(rows).toEqual([]);
  });

  it("an update through Better Auth's own API cannot store a long name or an image", async () => {
    const { user } = await ctx.auth.api.signUpEmail({
      body: { email: "profil@exemple.fr", password: "motdepasse-solide", name: "Profil" },
    });
    const internal = (await ctx.auth.$context).internalAdapter;
    await expect(internal.updateUser(user.id, { name: "n".repeat(100_000) })).rejects.toThrow(
      "Ce nom est trop long.",
    );
    await expect(internal.updateUser(user.id, { image: "https://pirate.example/x.png" })).rejects.toThrow(
      "La photo de profil se change depuis votre espace client.",
    );
    const row = await ctx.db
      .selectFrom("users")
      .select(["name", "image"])
      .where("id", "=", user.id)
      .executeTakeFirst();
    expect(row).toEqual({ name: "Profil", image: null });
  });
});
