/**
 * The session read of GET /api/panier (signedInUserIdForRead): it must name exactly whom Better
 * Auth's own getSession names — the owner of a valid session — and nobody for a forged, altered,
 * signed-out or expired cookie, on both back ends.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppContext, setAppContext } from "./context.server";
import { getOptionalUser, signedInUserIdForRead, verifiedSessionToken } from "./session.server";
import { createTestContext } from "./test-context";

let ctx: AppContext;
beforeAll(async () => {
  ctx = await createTestContext();
  setAppContext(ctx);
});
afterAll(async () => {
  setAppContext(undefined);
  await ctx.close();
});

/** A new customer's session cookie, as the browser sends it back (`name=value`). */
async function signUp(email: string): Promise<string> {
  const response = await ctx.auth.handler(
    new Request(`${ctx.env.PUBLIC_URL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ctx.env.PUBLIC_URL },
      body: JSON.stringify({ email, password: "motdepasse-solide", name: "Perle" }),
    }),
  );
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("nacre.session_token="));
  return (cookie ?? "").split(";")[0] as string;
}

const reading = (cookie: string) => `autre=1; ${cookie}`;
const asRequest = (cookie: string) =>
  new Request(`${ctx.env.PUBLIC_URL}/api/panier`, { headers: { cookie } });

const userIdOf = async (email: string) =>
  (await ctx.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;

describe("the session read of a frequent read", () => {
  it("names the session's owner, as Better Auth does", async () => {
    const cookie = await signUp("lecture@exemple.fr");
    const id = await userIdOf("lecture@exemple.fr");
    expect(await signedInUserIdForRead(reading(cookie))).toBe(id);
    expect((await getOptionalUser(asRequest(reading(cookie))))?.id).toBe(id);
    expect(await signedInUserIdForRead(undefined)).toBeNull();
  });

  it("a token with another signature, or a signature for another token, names nobody", async () => {
    const cookie = await signUp("signature@exemple.fr");
    const [name, value] = cookie.split("=") as [string, string];
    const [token, signature] = decodeURIComponent(value).split(".") as [string, string];
    const forged = crypto.createHmac("sha256", "pas-le-secret").update(token).digest("base64");
    const otherToken = `${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`;
    for (const bad of [
      `${name}=${encodeURIComponent(`${token}.${forged}`)}`,
      `${name}=${encodeURIComponent(`${otherToken}.${signature}`)}`,
      `${name}=${token}`,
      `${name}=${encodeURIComponent(`${token}.`)}`,
      `${name}=%E0%A4%A`,
    ]) {
      expect(await signedInUserIdForRead(reading(bad))).toBeNull();
      expect(await getOptionalUser(asRequest(reading(bad)))).toBeNull();
    }
    expect(verifiedSessionToken(encodeURIComponent(`${token}.${signature}`), ctx.env.AUTH_SECRET)).toBe(
      token,
    );
  });

  it("a signed-out or expired session names nobody", async () => {
    const cookie = await signUp("fin@exemple.fr");
    const id = await userIdOf("fin@exemple.fr");
    await ctx.db
      .updateTable("sessions")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("user_id", "=", id)
      .execute();
    expect(await signedInUserIdForRead(reading(cookie))).toBeNull();

    const again = await signUp("sortie@exemple.fr");
    const signOut = await ctx.auth.handler(
      new Request(`${ctx.env.PUBLIC_URL}/api/auth/sign-out`, {
        method: "POST",
        headers: { cookie: again, origin: ctx.env.PUBLIC_URL },
      }),
    );
    expect(signOut.status).toBe(200);
    expect(await signedInUserIdForRead(reading(again))).toBeNull();
  });
});
