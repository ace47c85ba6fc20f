import { describe, expect, it } from "vitest";
import { parseReviewForm, REVIEW_INCOMPLETE, reviewSchema } from "./review-schema";

const valid = { intent: "review", rating: "4", comment: "  Superbe bracelet  " };

function firstMessage(input: Record<string, unknown>): string | undefined {
  const parsed = reviewSchema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe("review form schema (docs/product.md §5)", () => {
  it("accepts a valid review, coercing the rating and trimming the comment", () => {
    expect(reviewSchema.parse(valid)).toEqual({ intent: "review", rating: 4, comment: "Superbe bracelet" });
  });

  it.each([
    ["rating 0", { ...valid, rating: "0" }],
    ["rating 6", { ...valid, rating: "6" }],
    ["rating 'abc'", { ...valid, rating: "abc" }],
    ["rating 2.5", { ...valid, rating: "2.5" }],
    ["rating empty", { ...valid, rating: "" }],
    ["rating missing", { intent: "review", comment: "Superbe" }],
    ["blank comment", { ...valid, comment: "   \n " }],
    ["comment missing", { intent: "review", rating: "4" }],
    ["comment too long", { ...valid, comment: "a".repeat(2001) }],
  ])("%s gives the spec message", (_label, input) => {
    const parsed = reviewSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(new Set(parsed.error?.issues.map((issue) => issue.message))).toEqual(new Set([REVIEW_INCOMPLETE]));
    expect(firstMessage(input)).toBe(REVIEW_INCOMPLETE);
  });

  it("gives one message when both rating and comment are missing", () => {
    const result = parseReviewForm(formData({ intent: "review", rating: "0", comment: "" }));
    expect(result).toEqual({ success: false, error: REVIEW_INCOMPLETE });
  });

  it("parses a posted form", () => {
    expect(parseReviewForm(formData({ intent: "review", rating: "5", comment: "Parfait" }))).toEqual({
      success: true,
      data: { intent: "review", rating: 5, comment: "Parfait" },
    });
  });

  it("refuses another form's intent", () => {
    expect(reviewSchema.safeParse({ ...valid, intent: "profile" }).success).toBe(false);
  });
});

function formData(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  return form;
}
