/**
 * The axe-core check shared by the accessibility specs: WCAG 2.0/2.1 A and AA plus axe's best
 * practices, on the whole page as it stands (open dialogs and drawers included). A failure prints
 * one readable line per offending element instead of axe's raw JSON.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** `include`: a selector to check alone, for a part of a template whose page is checked elsewhere. */
export async function expectNoAxeViolations(page: Page, where: string, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
  if (include) builder.include(include);
  // Without frames (every page here, the contact map being an iframe only on request), axe runs in
  // the page itself: the same rules on the same DOM. With frames it runs in each frame and gathers
  // the results in a blank page, which alone took 1–2 s more per pass (measured 2026-11-26: 4.3 s
  // against 2.3 s on /catalogue), on 60 passes a run.
  if (page.frames().length === 1) builder.setLegacyMode(true);
  // Every rule still runs on every element; only the violations are gathered in full (each other
  // kind of result keeps one element): gathering the 500–1,500 elements a page passes, each with its
  // selector and HTML, was 35–40 % of a pass (measured 2026-11-27 on four pages: median 1.54 s
  // against 0.95 s, the same violations found on a page with known faults).
  builder.options({ resultTypes: ["violations"] });
  const { violations } = await builder.analyze();
  const summary = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? "?"}) ${node.target.join(" ")} — ${node.failureSummary?.replace(/\s+/g, " ") ?? violation.help}`,
    ),
  );
  expect(summary, `axe-core violations on ${where}`).toEqual([]);
}
