/** The 'Commandes et notifications' form's cap per client (ADR 022): 1 to 20, absent keeps the stored one. */
import { describe, expect, it } from "vitest";
import { HOLD_CAP_ERRORS, orderSettingsSchema } from "./settings-schema";

describe("the hold cap", () => {
  const parse = (holdCap?: string) =>
    orderSettingsSchema.safeParse({ holdDays: "7", ...(holdCap === undefined ? {} : { holdCap }) });

  it("takes a whole number from 1 to 20, and nothing else", () => {
    expect(parse("1").data?.holdCap).toBe(1);
    expect(parse(" 20 ").data?.holdCap).toBe(20);
    expect(parse().data?.holdCap).toBeUndefined();
    for (const [value, message] of [
      ["0", HOLD_CAP_ERRORS.outOfRange],
      ["21", HOLD_CAP_ERRORS.outOfRange],
      ["", HOLD_CAP_ERRORS.notANumber],
      ["3.5", HOLD_CAP_ERRORS.notANumber],
      ["-1", HOLD_CAP_ERRORS.notANumber],
      ["٣", HOLD_CAP_ERRORS.notANumber],
    ] as const) {
      const result = parse(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]?.message, value).toBe(message);
    }
  });
});
