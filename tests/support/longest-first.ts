/**
 * The order Vitest takes the test files in: the longest first, so the run never ends waiting for a
 * minute-long file started last beside idle workers (README.md "Where the time goes").
 *
 * Vitest's own order runs the projects one after the other by name (postgres, postgres-isolated,
 * sqlite, sqlite-isolated) in one queue: the SQLite process tests — the production install, the
 * seeding race, the crashes, a minute each on a first run — came last. Here the process tests of
 * both back ends go first, the longest first by the previous run's durations (node_modules/.vite),
 * else, on a fresh clone, the biggest files first; the in-process files fill the workers after,
 * each back end's together (a worker's import of the app serves the files of its project).
 */
import { relative } from "node:path";
import type { TestSpecification } from "vitest/node";
import { BaseSequencer } from "vitest/node";

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (spec: TestSpecification) =>
      `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
    /** The previous run's duration (ms) when known, else the file's size: a rough weight. */
    const weight = (spec: TestSpecification) =>
      cache.getFileTestResults(key(spec))?.duration ?? cache.getFileStats(key(spec))?.size ?? 0;
    const processTest = (spec: TestSpecification) => spec.project.config.isolate !== false;
    return [...files].sort((a, b) => {
      if (processTest(a) !== processTest(b)) return processTest(a) ? -1 : 1;
      if (!processTest(a) && a.project.name !== b.project.name)
        return a.project.name < b.project.name ? -1 : 1;
      return weight(b) - weight(a);
    });
  }
}
