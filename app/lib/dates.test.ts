import { describe, expect, it } from "vitest";
import { chatTimestamp } from "./dates";

// docs/product.md §9: "Chat timestamps: 'Aujourd'hui', 'Hier', weekday name for 2 to 7 days ago, otherwise a
// date (year added if not current)." Times are the shop's (Europe/Paris, UTC+1 in winter).
describe("chatTimestamp", () => {
  const now = new Date("2026-11-22T15:00:00Z"); // Sunday 22 November 2026, 16h00 in Paris

  it("says 'Aujourd'hui' for today, even just after midnight in Paris", () => {
    expect(chatTimestamp("2026-11-22T13:05:00Z", now)).toBe("Aujourd'hui, 14h05");
    expect(chatTimestamp("2026-11-21T23:30:00Z", now)).toBe("Aujourd'hui, 00h30");
  });

  it("says 'Hier' for the day before", () => {
    expect(chatTimestamp("2026-11-21T08:12:00Z", now)).toBe("Hier, 09h12");
    expect(chatTimestamp("2026-11-20T23:10:00Z", now)).toBe("Hier, 00h10");
  });

  it("names the weekday from 2 to 7 days ago", () => {
    expect(chatTimestamp("2026-11-20T17:30:00Z", now)).toBe("Vendredi, 18h30");
    expect(chatTimestamp("2026-11-15T10:00:00Z", now)).toBe("Dimanche, 11h00");
  });

  it("gives the date beyond a week, with the year only when it is not this year", () => {
    expect(chatTimestamp("2026-11-14T10:00:00Z", now)).toBe("14 novembre, 11h00");
    expect(chatTimestamp("2025-12-31T10:00:00Z", now)).toBe("31 décembre 2025, 11h00");
  });

  it("treats a clock slightly ahead as today rather than inventing a future day", () => {
    expect(chatTimestamp("2026-11-22T15:00:30Z", now)).toBe("Aujourd'hui, 16h00");
  });
});
