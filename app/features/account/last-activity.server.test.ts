/**
 * Last activity (docs/product.md §10.21): at most one write an hour per user, activity withdraws an
 * inactivity warning, and a request carrying a body (a posted form) records nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { createActivityRecorder, recordRequestActivity } from "./last-activity.server";

let ctx: AppContext;
let userId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const { user } = await ctx.auth.api.signUpEmail({
    body: { email: "active@exemple.fr", password: "motdepasse-long", name: "Hina Teva" },
  });
  userId = user.id;
});

afterAll(async () => {
  await ctx?.close();
});

async function dates() {
  return ctx.db
    .selectFrom("users")
    .select(["last_active_at", "inactivity_warned_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

describe("recording activity", () => {
  it("writes at most once an hour and withdraws a warning", async () => {
    const record = createActivityRecorder();
    const start = new Date("2031-03-01T10:00:00.000Z");
    await ctx.db
      .updateTable("users")
      .set({ last_active_at: null, inactivity_warned_at: "2031-02-01T10:00:00.000Z" })
      .where("id", "=", userId)
      .execute();
    await record(ctx.db, userId, start);
    expect(await dates()).toEqual({ last_active_at: start.toISOString(), inactivity_warned_at: null });

    await record(ctx.db, userId, new Date(start.getTime() + 30 * 60_000));
    expect((await dates()).last_active_at).toBe(start.toISOString());

    // Another instance (its own memory) within the hour: the database refuses the write too.
    await createActivityRecorder()(ctx.db, userId, new Date(start.getTime() + 40 * 60_000));
    expect((await dates()).last_active_at).toBe(start.toISOString());

    const later = new Date(start.getTime() + 61 * 60_000);
    await record(ctx.db, userId, later);
    expect((await dates()).last_active_at).toBe(later.toISOString());
  });

  it("records nothing for a posted form or an impersonation, and never fails the request", async () => {
    await ctx.db.updateTable("users").set({ last_active_at: null }).where("id", "=", userId).execute();
    const url = "http://localhost/mon-compte";
    const posted = new Request(url, {
      method: "POST",
      body: "intent=x",
      headers: { "content-type": "text/plain" },
    });
    recordRequestActivity(ctx.db, posted, { id: userId, impersonated: false });
    recordRequestActivity(ctx.db, new Request(url), { id: userId, impersonated: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await dates()).last_active_at).toBeNull();

    const broken = await createTestContext();
    await broken.close();
    // A closed database: logged by its kind, never thrown.
    await expect(createActivityRecorder()(broken.db, userId)).resolves.toBeUndefined();
  });
});
