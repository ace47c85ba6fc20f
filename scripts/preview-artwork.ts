/**
 * Renders every seed artwork to PNG in /tmp/nacre-art/ with timings, plus contact sheets.
 *
 *   npx tsx scripts/preview-artwork.ts            # everything
 *   npx tsx scripts/preview-artwork.ts product    # only one group: product|hero|insp|event|story|avatar
 *   npx tsx scripts/preview-artwork.ts bench      # seed-sized workload rendered in memory, timings only
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import {
  type ArtKind,
  renderAvatarArt,
  renderEventArt,
  renderHeroArt,
  renderInspirationArt,
  renderProductArt,
  renderStoryArt,
} from "../db/seed/artwork";

const OUT = "/tmp/nacre-art";
const KINDS: ArtKind[] = ["collier", "bracelet", "boucles", "bague", "cheville", "pendentif"];
const STORIES = ["creatrice", "keishi", "atelier", "mission"] as const;

interface Job {
  group: string;
  name: string;
  make: () => string;
}

const jobs: Job[] = [];
for (const kind of KINDS)
  for (let v = 0; v < 4; v++)
    for (let w = 0; w < 3; w++)
      jobs.push({
        group: "product",
        name: `product-${kind}-${v}-${w}`,
        make: () => renderProductArt(kind, v, w),
      });
for (let i = 0; i < 6; i++) jobs.push({ group: "hero", name: `hero-${i}`, make: () => renderHeroArt(i) });
for (let i = 0; i < 33; i++)
  jobs.push({
    group: "insp",
    name: `insp-${String(i).padStart(2, "0")}`,
    make: () => renderInspirationArt(i),
  });
for (let i = 0; i < 8; i++) jobs.push({ group: "event", name: `event-${i}`, make: () => renderEventArt(i) });
for (const s of STORIES) jobs.push({ group: "story", name: `story-${s}`, make: () => renderStoryArt(s) });
for (let i = 0; i < 10; i++)
  jobs.push({ group: "avatar", name: `avatar-${i}`, make: () => renderAvatarArt(i) });

const only = process.argv[2];
const selected = only ? jobs.filter((j) => j.group === only || j.name.startsWith(only)) : jobs;

async function contactSheet(group: string, files: string[]): Promise<void> {
  if (files.length === 0) return;
  const cell = 300;
  const cols = 6;
  const rows = Math.ceil(files.length / cols);
  const tiles = await Promise.all(
    files.map(async (f, i) => ({
      input: await sharp(f)
        .resize(cell - 8, cell - 8, { fit: "contain", background: "#ffffff" })
        .png()
        .toBuffer(),
      left: (i % cols) * cell + 4,
      top: Math.floor(i / cols) * cell + 4,
    })),
  );
  await sharp({ create: { width: cols * cell, height: rows * cell, channels: 3, background: "#ffffff" } })
    .composite(tiles)
    .png()
    .toFile(join(OUT, `sheet-${group}.png`));
}

/** Seed-sized workload (40 products x 3 views + scenes), rasterised in memory, timings only. */
async function bench(): Promise<void> {
  sharp.cache(false);
  const work: Job[] = [];
  for (let i = 0; i < 40; i++) {
    const kind = KINDS[i % KINDS.length] ?? "collier";
    const variant = Math.floor(i / KINDS.length);
    for (let w = 0; w < 3; w++)
      work.push({
        group: "product",
        name: `${kind}-${variant}-${w}`,
        make: () => renderProductArt(kind, variant, w),
      });
  }
  work.push(...jobs.filter((j) => j.group !== "product" && j.group !== "avatar"));
  const groups = new Map<string, number[]>();
  const t0 = performance.now();
  for (const job of work) {
    const start = performance.now();
    await sharp(Buffer.from(job.make())).png().toBuffer();
    const list = groups.get(job.group) ?? [];
    list.push(performance.now() - start);
    groups.set(job.group, list);
  }
  const total = performance.now() - t0;
  for (const [group, ms] of groups) {
    const sorted = [...ms].sort((a, b) => a - b);
    const avg = ms.reduce((a, b) => a + b, 0) / ms.length;
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `${group.padEnd(8)} ${String(ms.length).padStart(3)} images  avg ${avg.toFixed(0).padStart(4)} ms  median ${median.toFixed(0).padStart(4)} ms  max ${(sorted.at(-1) ?? 0).toFixed(0).padStart(4)} ms`,
    );
  }
  console.log(`total    ${work.length} images in ${(total / 1000).toFixed(2)} s`);
}

async function main(): Promise<void> {
  if (only === "bench") return bench();
  mkdirSync(OUT, { recursive: true });
  sharp.cache(false);
  const byGroup = new Map<string, { files: string[]; ms: number; maxKb: number }>();
  const t0 = performance.now();
  for (const job of selected) {
    const start = performance.now();
    const svg = job.make();
    const built = performance.now();
    const file = join(OUT, `${job.name}.png`);
    await sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toFile(file);
    const end = performance.now();
    const kb = Buffer.byteLength(svg) / 1024;
    console.log(
      `${job.name.padEnd(30)} svg ${kb.toFixed(1).padStart(5)} KB  build ${(built - start).toFixed(1).padStart(6)} ms  total ${(end - start).toFixed(0).padStart(5)} ms`,
    );
    const g = byGroup.get(job.group) ?? { files: [], ms: 0, maxKb: 0 };
    g.files.push(file);
    g.ms += end - start;
    g.maxKb = Math.max(g.maxKb, kb);
    byGroup.set(job.group, g);
  }
  const total = performance.now() - t0;
  console.log("");
  for (const [group, g] of byGroup) {
    console.log(
      `${group.padEnd(8)} ${String(g.files.length).padStart(3)} images  avg ${(g.ms / g.files.length).toFixed(0).padStart(4)} ms  sum ${(g.ms / 1000).toFixed(2)} s  max svg ${g.maxKb.toFixed(1)} KB`,
    );
  }
  console.log(`total    ${selected.length} images in ${(total / 1000).toFixed(2)} s`);
  for (const [group, g] of byGroup) await contactSheet(group, g.files);
}

await main();
