import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { createTestContext } from "~/server/test-context";
import { createReview, getUserReview, listApprovedReviews } from "./reviews.server";

let ctx: AppContext;

async function signUp(email: string, name: string): Promise<string> {
  const { user } = await ctx.auth.api.signUpEmail({ body: { email, password: `motdepasse-${name}`, name } });
  return user.id;
}

async function approve(userId: string, createdAt: string) {
  await ctx.db
    .updateTable("reviews")
    .set({ is_approved: 1, created_at: createdAt })
    .where("user_id", "=", userId)
    .execute();
}

const reviewCount = async (userId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom("reviews")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("one review per user, created pending (docs/product.md §4)", () => {
  it("creates a pending review, then reports 'exists' without a second row", async () => {
    const userId = await signUp("hina@exemple.fr", "Hina");
    expect(await getUserReview(ctx.db, userId)).toBeNull();

    expect(await createReview(ctx.db, userId, { rating: 5, comment: "  Magnifique collier.  " })).toBe(
      "created",
    );
    const review = await getUserReview(ctx.db, userId);
    expect(review).toMatchObject({ rating: 5, comment: "Magnifique collier.", isApproved: false });
    expect(Number.isNaN(Date.parse(review?.createdAt ?? ""))).toBe(false);
    expect(review?.createdAt).toMatch(/Z$/);
    expect((await listApprovedReviews(ctx.db)).map((r) => r.comment)).not.toContain("Magnifique collier.");

    expect(await createReview(ctx.db, userId, { rating: 1, comment: "Un autre avis" })).toBe("exists");
    expect(await reviewCount(userId)).toBe(1);
    expect(await getUserReview(ctx.db, userId)).toMatchObject({ rating: 5, comment: "Magnifique collier." });
  });

  it("keeps one row when two submissions race", async () => {
    const userId = await signUp("moana@exemple.fr", "Moana");
    const outcomes = await Promise.all([
      createReview(ctx.db, userId, { rating: 4, comment: "Premier envoi" }),
      createReview(ctx.db, userId, { rating: 4, comment: "Double clic" }),
    ]);
    expect(outcomes.sort()).toEqual(["created", "exists"]);
    expect(await reviewCount(userId)).toBe(1);
  });

  it("reads a review by its owner's id only", async () => {
    const owner = await signUp("teva@exemple.fr", "Teva");
    const other = await signUp("vaea@exemple.fr", "Vaea");
    await createReview(ctx.db, owner, { rating: 3, comment: "Joli travail" });
    expect(await getUserReview(ctx.db, owner)).toMatchObject({ comment: "Joli travail" });
    expect(await getUserReview(ctx.db, other)).toBeNull();
    expect(await getUserReview(ctx.db, "inconnu")).toBeNull();
  });
});

describe("approved reviews for the home page", () => {
  it("lists only approved reviews, newest first, with the author's name and never an e-mail", async () => {
    const older = await signUp("maeva@exemple.fr", "Maeva");
    const newer = await signUp("tiare@exemple.fr", "Tiare");
    const nameless = await signUp("sans-nom@exemple.fr", "");
    const pending = await signUp("attente@exemple.fr", "En attente");
    await createReview(ctx.db, older, { rating: 4, comment: "Très belle perle" });
    await createReview(ctx.db, newer, { rating: 5, comment: "Livraison soignée" });
    await createReview(ctx.db, nameless, { rating: 5, comment: "Sans nom" });
    await createReview(ctx.db, pending, { rating: 2, comment: "Pas encore validé" });
    await approve(older, "2026-01-10 09:00:00");
    await approve(newer, "2026-03-02 18:30:00");
    await approve(nameless, "2026-02-14 12:00:00");

    const reviews = await listApprovedReviews(ctx.db);
    expect(reviews.map((r) => [r.authorName, r.rating, r.comment])).toEqual([
      ["Tiare", 5, "Livraison soignée"],
      ["Cliente Nacre", 5, "Sans nom"],
      ["Maeva", 4, "Très belle perle"],
    ]);
    expect(reviews[0]?.createdAt).toBe("2026-03-02T18:30:00Z");
    expect(JSON.stringify(reviews)).not.toContain("@");
    expect(Object.keys(reviews[0] ?? {}).sort()).toEqual([
      "authorName",
      "comment",
      "createdAt",
      "id",
      "rating",
    ]);

    expect((await listApprovedReviews(ctx.db, 2)).map((r) => r.authorName)).toEqual([
      "Tiare",
      "Cliente Nacre",
    ]);
  });

  it("puts the later of two reviews approved in the same second first", async () => {
    const first = await signUp("premiere@exemple.fr", "Première");
    const second = await signUp("seconde@exemple.fr", "Seconde");
    await createReview(ctx.db, first, { rating: 5, comment: "Avant" });
    await createReview(ctx.db, second, { rating: 5, comment: "Après" });
    await approve(first, "2026-06-01 10:00:00");
    await approve(second, "2026-06-01 10:00:00");
    expect((await listApprovedReviews(ctx.db, 2)).map((r) => r.authorName)).toEqual(["Seconde", "Première"]);
  });
});

describe("account deletion", () => {
  it("deletes the user's review with the user (cascade)", async () => {
    const userId = await signUp("supprime@exemple.fr", "Supprimée");
    await createReview(ctx.db, userId, { rating: 4, comment: "Bientôt supprimé" });
    expect(await reviewCount(userId)).toBe(1);
    await ctx.db.deleteFrom("users").where("id", "=", userId).execute();
    expect(await reviewCount(userId)).toBe(0);
    expect(await getUserReview(ctx.db, userId)).toBeNull();
  });
});
