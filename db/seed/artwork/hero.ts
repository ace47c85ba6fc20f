/** Hero slides — 2400x1200, with a calm centre for a white title. */
import { scalePattern, sinePath } from "./backdrops";
import { BRAND, chain, KEISHI, keishi, pearl, STEEL, softShadow, TAHITI } from "./elements";
import {
  bubbleColumn,
  cloud,
  coral,
  fish,
  glow,
  oyster,
  palm,
  pearlStrand,
  rays,
  ridge,
  scrim,
  seagrass,
  shimmer,
  vertical,
  waveTicks,
} from "./scenery";
import {
  at,
  circle,
  clampInt,
  cubicPts,
  ellipse,
  group,
  linear,
  mulberry32,
  n,
  op,
  type P,
  path,
  pick,
  type Rng,
  radial,
  rand,
  rect,
  rot,
  S,
  Svg,
  seedOf,
  smoothPath,
  stroke,
} from "./svg";

function heroLagoonDusk(svg: Svg, r: Rng): void {
  const { w, h } = svg;
  const horizon = 730;
  svg.add(rect(0, 0, w, horizon + 2, vertical(svg, S(`#123b4c 0, #2a6f80 0.45, #c99a98 0.78, #f1cdb8 1`))));
  const sunX = 1820;
  svg.add(
    glow(svg, sunX, horizon - 40, 900, "#ffd9b8", 0.55),
    glow(svg, sunX, horizon - 40, 160, "#fff1de", 0.9),
  );
  svg.add(circle(sunX, horizon - 40, 46, "#fff6e8"));
  for (let i = 0; i < 7; i++) {
    svg.add(
      cloud(
        svg,
        r,
        rand(r, 100, w - 100),
        rand(r, 380, 640),
        rand(r, 300, 620),
        pick(r, ["#f6d0c4", "#ffe7d6", "#e7b6b4"]),
        rand(r, 0.25, 0.5),
      ),
    );
  }
  svg.add(
    ridge(r, -60, 760, horizon, 120, 6, "#1e4b56", 0.85),
    ridge(r, 520, 980, horizon, 50, 4, "#2c5c66", 0.7),
  );
  svg.add(palm(r, 230, horizon - 70, 230, 60, "#163c45"), palm(r, 330, horizon - 80, 180, -40, "#163c45"));
  svg.add(rect(0, horizon, w, h - horizon, vertical(svg, S(`#6f9fa6 0, #2c7180 0.25, #0f3d4c 1`))));
  svg.add(shimmer(r, sunX, 160, horizon + 4, h, "#ffe3c7", 240, 0.55));
  svg.add(waveTicks(r, 0, w, horizon + 6, h, "#d5eef0", 260, 0.22));
  scrim(svg, 0.32);
}

function heroUnderwater(svg: Svg, r: Rng): void {
  const { w, h } = svg;
  svg.add(rect(0, 0, w, h, vertical(svg, S(`#63bcc2 0, #24848f 0.4, #0d3442 1`))));
  svg.add(rays(svg, r, 9, 100, w - 300, h, 0.22));
  // surface ripples seen from below
  let surf = "";
  for (let i = 0; i < 6; i++)
    surf += sinePath(
      -50,
      w + 50,
      20 + i * 22 + rand(r, -6, 6),
      rand(r, 3, 7),
      rand(r, 40, 80),
      rand(r, 0, 6),
    );
  svg.add(path(surf, "none", stroke("#e6fbfb", 2.5, 0.22)));
  let school = "";
  for (let i = 0; i < 14; i++) school += fish(rand(r, 1750, 2200), rand(r, 220, 420), rand(r, 10, 18), -1);
  svg.add(path(school, "#0f4a55", op(0.45)));
  // sandy floor
  const floor: P[] = [];
  for (let i = 0; i <= 8; i++) floor.push([(w / 8) * i, 1000 + Math.sin(i * 1.3) * 30 + rand(r, -20, 20)]);
  svg.add(path(`${smoothPath(floor, false)}L${w} ${h}L0 ${h}Z`, vertical(svg, S(`#d8c9a8 0, #a29478 1`))));
  svg.add(rect(0, 0, w, h, vertical(svg, S(`${BRAND.ocean} 0.6 0, ${BRAND.ocean} 1 0.45`))));
  svg.add(seagrass(r, 120, 1060, 380, "#1c5a55", 14), seagrass(r, 2250, 1060, 420, "#1c5a55", 16));
  svg.add(coral(r, 2050, 1040, 130, 22, "#e79a8b", 4), coral(r, 420, 1050, 100, 18, "#f0c4b4", 4));
  const oy = oyster(svg, r, 640, 1040, 90);
  svg.add(oy.back, pearl(svg, oy.seat[0], oy.seat[1], 28, at(TAHITI, 0), "none"), oy.front);
  svg.add(pearl(svg, 1780, 1060, 26, at(TAHITI, 1)), pearl(svg, 1830, 1075, 18, at(TAHITI, 2)));
  svg.add(bubbleColumn(svg, r, 680, 300, 980, 16, 14), bubbleColumn(svg, r, 1900, 150, 1000, 18, 16));
  scrim(svg, 0.3);
}

function heroAerialBeach(svg: Svg, r: Rng): void {
  const { w, h } = svg;
  svg.add(rect(0, 0, w, h, linear(svg, S(`#39a9ad 0, #1f7a8c 0.45, #0c3341 1`), 0, 0, 1, 0.35)));
  // shoreline: a gentle curve, everything left of it is shallow water then sand
  const shore = (off: number): P[] => {
    const pts: P[] = [];
    for (let i = 0; i <= 6; i++) {
      const y = (h / 6) * i;
      pts.push([380 + off + Math.sin(i * 1.1 + 0.4) * 90 + i * 40, y]);
    }
    return [[380 + off - 90, -40], ...pts, [380 + off + 290, h + 40]];
  };
  const areaLeft = (pts: P[]) => `${smoothPath(pts, false)}L-10 ${h + 40}L-10 -40Z`;
  // soft shallows: layered translucent bands instead of a blur
  const shallows: readonly (readonly [number, string, number])[] = [
    [620, "#4fc0be", 0.35],
    [460, "#6fd0c8", 0.4],
    [320, "#9ee0d4", 0.45],
    [200, "#c5ece2", 0.5],
  ];
  for (const [off, c, a] of shallows) {
    svg.add(path(areaLeft(shore(off)), c, op(a)));
  }
  // coral heads in the lagoon
  for (let i = 0; i < 26; i++) {
    const x = rand(r, 700, 1500);
    const y = rand(r, 0, h);
    svg.add(ellipse(x, y, rand(r, 20, 70), rand(r, 14, 40), "#1b6f73", op(0.25)));
  }
  svg.add(path(areaLeft(shore(120)), "#d9cdb5", op(0.8)));
  svg.add(path(areaLeft(shore(70)), linear(svg, S(`#f6eee2 0, #e7d8bf 1`), 0, 0, 1, 0)));
  // foam lines following the shore
  for (const [off, wd, a] of [
    [96, 10, 0.9],
    [150, 5, 0.6],
    [230, 3, 0.4],
  ] as const) {
    svg.add(path(smoothPath(shore(off), false), "none", stroke("#ffffff", wd, a)));
  }
  // a few parasols and a towel, tiny from this height
  for (const [x, y, c] of [
    [160, 300, "#f3d9d3"],
    [260, 760, "#cfe8e4"],
  ] as const) {
    svg.add(
      softShadow(svg, x + 18, y + 22, 48, 40, 0.4),
      circle(x, y, 40, c),
      path(`M${x - 40} ${y}H${x + 40}M${x} ${y - 40}V${y + 40}`, "none", stroke("#ffffff", 2, 0.6)),
    );
  }
  // a striped beach towel
  svg.add(
    group(
      rect(110, 520, 46, 90, BRAND.blush) +
        path("M110 540H156M110 565H156M110 590H156", "none", stroke(BRAND.lagoon, 5)),
      rot(18, 133, 565),
    ),
  );
  svg.add(waveTicks(r, 1300, w, 0, h, "#e3f6f6", 160, 0.18));
  scrim(svg, 0.34);
}

function heroPearlsOnSilk(svg: Svg, r: Rng): void {
  const { w, h } = svg;
  svg.add(rect(0, 0, w, h, radial(svg, S(`#1f5563 0, #12323d 0.6, #0a1b21 1`), 0.5, 0.45, 0.75)));
  // satin sheen: a few very large, soft, tilted highlights (no hard fold edges)
  const sheen = radial(svg, S(`#cfe8e4 0 0.1, #cfe8e4 0.5 0.05, #cfe8e4 1 0`), 0.5, 0.5, 0.5);
  for (let i = 0; i < 4; i++) {
    const x = rand(r, 200, w - 200);
    const y = rand(r, 100, h - 100);
    svg.add(ellipse(x, y, rand(r, 500, 800), rand(r, 90, 160), sheen, rot(rand(r, -35, -15), x, y)));
  }
  const strand = cubicPts([-80, 860], [400, 1080], [800, 1160], [1150, 1260], 60);
  svg.add(pearlStrand(svg, strand, 34, 48, at(TAHITI, 0), 14));
  const strand2 = cubicPts([1700, -60], [1850, 150], [2150, 250], [2480, 220], 50);
  svg.add(pearlStrand(svg, strand2, 30, 40, at(TAHITI, 2), 12));
  svg.add(chain(svg, cubicPts([1500, 1260], [1700, 900], [2100, 1000], [2460, 760], 60), 14, STEEL));
  svg.add(pearl(svg, 1960, 960, 58, at(TAHITI, 1)));
  for (let i = 0; i < 9; i++)
    svg.add(keishi(svg, r, rand(r, 1600, 2300), rand(r, 1060, 1160), rand(r, 12, 18), pick(r, KEISHI)));
  svg.add(keishi(svg, r, 260, 160, 22, at(KEISHI, 0)), keishi(svg, r, 330, 120, 16, at(KEISHI, 1)));
  scrim(svg, 0.22);
}

function heroMoonlight(svg: Svg, r: Rng): void {
  const { w, h } = svg;
  const horizon = 700;
  svg.add(rect(0, 0, w, horizon + 2, vertical(svg, S(`#081d28 0, #17485a 0.7, #3d7684 1`))));
  let stars = "";
  for (let i = 0; i < 140; i++) stars += `M${n(rand(r, 0, w))} ${n(rand(r, 0, horizon - 120))}h.1`;
  svg.add(path(stars, "none", stroke("#ffffff", 3, 0.7)));
  let faint = "";
  for (let i = 0; i < 160; i++) faint += `M${n(rand(r, 0, w))} ${n(rand(r, 0, horizon - 80))}h.1`;
  svg.add(path(faint, "none", stroke("#cfe8e4", 1.8, 0.45)));
  const mx = 1760;
  const my = 250;
  svg.add(glow(svg, mx, my, 560, "#cfe8e4", 0.35), circle(mx, my, 64, "#f7f2e6"));
  svg.add(circle(mx + 14, my - 10, 14, "#e6e0d2", op(0.6)), circle(mx - 20, my + 18, 9, "#e6e0d2", op(0.5)));
  svg.add(ridge(r, 1900, 2460, horizon, 90, 5, "#0d2c36"));
  svg.add(rect(0, horizon, w, h - horizon, vertical(svg, S(`#24596a 0, #08212b 1`))));
  svg.add(shimmer(r, mx, 120, horizon + 4, h, "#f3f0e6", 260, 0.6));
  svg.add(waveTicks(r, 0, w, horizon + 6, h, "#9fd3d8", 220, 0.18));
  scrim(svg, 0.2);
}

function heroMermaidScales(svg: Svg, r: Rng): void {
  const { w, h } = svg;
  svg.add(rect(0, 0, w, h, linear(svg, S(`#0f3d4c 0, #1f7a8c 0.35, #5b3a55 0.65, #2f6f62 1`), 0, 0, 1, 1)));
  const s = 120;
  const shine = radial(svg, S(`#ffffff 0 0, #ffffff 0.55 0.05, #ffffff 1 0.24`), 0.5, 0, 1);
  const tile = scalePattern(svg, s, shine, "#ffffff", 0.28, 2);
  svg.add(rect(0, 0, w, h, tile));
  // iridescent washes
  svg.add(
    glow(svg, 400, 300, 900, "#c9a6cf", 0.3),
    glow(svg, 2000, 900, 1000, "#9fe0cf", 0.25),
    glow(svg, 1300, 1200, 700, "#f3d9d3", 0.2),
  );
  const cluster = (cx: number, cy: number, k: number) => {
    for (let i = 0; i < 6; i++) {
      svg.add(pearl(svg, cx + rand(r, -160, 160), cy + rand(r, -80, 80), rand(r, 30, 56), at(TAHITI, k + i)));
    }
  };
  cluster(200, 1080, 0);
  cluster(2250, 110, 3);
  scrim(svg, 0.32);
}

const HEROES: readonly ((svg: Svg, r: Rng) => void)[] = [
  heroLagoonDusk,
  heroUnderwater,
  heroAerialBeach,
  heroPearlsOnSilk,
  heroMoonlight,
  heroMermaidScales,
];

export function renderHeroArt(index: number): string {
  const i = clampInt(index) % HEROES.length;
  const svg = new Svg(2400, 1200, `h${i}_`);
  at(HEROES, i)(svg, mulberry32(seedOf("hero", i)));
  return svg.toString();
}
