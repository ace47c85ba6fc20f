/** Inspiration pictures — 900x1200 portraits, 11 subjects x 3 treatments. */
import { backdrop, finish, scalePattern, sinePath } from "./backdrops";
import {
  BGS,
  bail,
  chain,
  KEISHI,
  keishi,
  pearl,
  STEEL,
  scallop,
  softShadow,
  starfish,
  TAHITI,
} from "./elements";
import { band } from "./jewellery";
import {
  bubbleColumn,
  cloud,
  coral,
  cowrie,
  fish,
  glow,
  oyster,
  pearlStrand,
  rays,
  ridge,
  seagrass,
  shimmer,
  vertical,
  waveTicks,
} from "./scenery";
import {
  at,
  blobPts,
  circle,
  clampInt,
  cubicPts,
  darken,
  linear,
  mulberry32,
  op,
  type P,
  path,
  pick,
  pointAt,
  polyPath,
  type Rng,
  radial,
  rand,
  randInt,
  rect,
  S,
  type Stop,
  Svg,
  seedOf,
  smoothPts,
  stroke,
} from "./svg";

interface SkyPal {
  sky: readonly Stop[];
  sea: readonly Stop[];
  sun: string;
  glint: string;
  cloud: string;
}
const SKIES: readonly SkyPal[] = [
  {
    // dawn blush
    sky: S(`#9cc3cc 0, #f1d6cf 0.6, #fbe6d6 1`),
    sea: S(`#8fbfc2 0, #2f7f8c 1`),
    sun: "#fff4e4",
    glint: "#fff2e2",
    cloud: "#ffffff",
  },
  {
    // bright noon lagoon
    sky: S(`#5fb0c9 0, #bfe3ea 0.7, #e9f6f4 1`),
    sea: S(`#4fb6b9 0, #1f8a96 0.5, #145a6a 1`),
    sun: "#ffffff",
    glint: "#ffffff",
    cloud: "#ffffff",
  },
  {
    // violet dusk
    sky: S(`#2f3e63 0, #7a5877 0.5, #e49b86 0.85, #f6c79c 1`),
    sea: S(`#8b6f80 0, #3d4f68 0.3, #15283a 1`),
    sun: "#ffe1b8",
    glint: "#ffd2a8",
    cloud: "#f5b6a6",
  },
];

function inspSeascape(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  const pal = at(SKIES, v);
  const horizon = h * rand(r, 0.46, 0.56);
  svg.add(rect(0, 0, w, horizon + 2, vertical(svg, pal.sky)));
  const sx = rand(r, 0.3, 0.7) * w;
  const sy = horizon - rand(r, 40, 260);
  svg.add(glow(svg, sx, sy, 520, pal.sun, 0.45), circle(sx, sy, rand(r, 34, 52), pal.sun));
  for (let i = 0; i < 5; i++)
    svg.add(cloud(svg, r, rand(r, 0, w), rand(r, 80, horizon - 60), rand(r, 200, 420), pal.cloud, 0.4));
  if (v !== 1)
    svg.add(ridge(r, w * 0.55, w + 60, horizon, rand(r, 30, 80), 4, darken(at(pal.sea, 1)[1], 0.25), 0.7));
  svg.add(rect(0, horizon, w, h - horizon, vertical(svg, pal.sea)));
  svg.add(shimmer(r, sx, 80, horizon + 3, h, pal.glint, 170, 0.55));
  svg.add(waveTicks(r, 0, w, horizon + 4, h, "#ffffff", 140, 0.18));
  // foreground beach with the last foam of a wave
  const beach = h * rand(r, 0.8, 0.88);
  const edge = sinePath(-40, w + 40, beach, 14, rand(r, 60, 110), rand(r, 0, 6));
  svg.add(path(`${edge}L${w + 40} ${h}L-40 ${h}Z`, vertical(svg, S(`#efe2cc 0, #d9c6a6 1`))));
  svg.add(
    path(edge, "none", stroke("#ffffff", 9, 0.85)),
    path(sinePath(-40, w + 40, beach - 16, 10, 70, 2), "none", stroke("#ffffff", 3, 0.5)),
  );
}

function inspWaves(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  const sets: readonly (readonly string[])[] = [
    ["#dff3f1", "#9fd8d3", "#5fb6b6", "#2a8b97", "#1a6576", "#0f3d4c"],
    ["#f7efe6", "#cfe8e4", "#8fcfc8", "#4aa3a8", "#2c7180", "#173f52"],
    ["#f3e4ec", "#cdd9e6", "#98b8cf", "#6a8fb0", "#4b5f86", "#2c3558"],
  ];
  const cols = at(sets, v);
  svg.add(rect(0, 0, w, h, at(cols, 0)));
  const layers = 9;
  for (let i = 0; i < layers; i++) {
    const y = (h / layers) * (i + 0.6) + rand(r, -30, 30);
    const col = at(cols, Math.min(cols.length - 1, Math.floor((i / layers) * cols.length) + 1));
    const amp = rand(r, 20, 55);
    const wave = rand(r, 60, 130);
    const ph = rand(r, 0, 6);
    const top = sinePath(-60, w + 60, y, amp, wave, ph);
    svg.add(path(`${top}L${w + 200} ${h + 10}L-60 ${h + 10}Z`, col));
    // foam lace on each crest
    svg.add(path(top, "none", stroke("#ffffff", rand(r, 4, 9), 0.75)));
    svg.add(
      path(sinePath(-60, w + 60, y + 14, amp * 0.8, wave, ph + 0.3), "none", stroke("#ffffff", 2, 0.35)),
    );
  }
  svg.add(bubbleColumn(svg, r, w * 0.7, h * 0.3, h * 0.9, 10, 10));
}

function inspPearlCloseUp(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  const bg = at(BGS, v * 2 + 1);
  backdrop(svg, r, bg, v === 1 ? "silk" : v === 2 ? "ripples" : "linen");
  const tone = at(TAHITI, v * 2 + 1);
  svg.add(pearl(svg, w * 0.5, h * 0.52, 290, tone));
  const tone2 = at(TAHITI, v * 2 + 2);
  svg.add(pearl(svg, w * 0.86, h * 0.2, 70, tone2), keishi(svg, r, w * 0.16, h * 0.84, 46, at(KEISHI, v)));
  finish(svg);
}

function inspShells(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  backdrop(svg, r, at(BGS, v === 0 ? 0 : v === 1 ? 2 : 3), "ripples");
  const spots: P[] = [];
  for (let i = 0; i < 40 && spots.length < 9; i++) {
    const p: P = [rand(r, 120, w - 120), rand(r, 140, h - 140)];
    if (spots.every((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) > 230)) spots.push(p);
  }
  spots.forEach(([x, y], i) => {
    switch (i % 4) {
      case 0:
        svg.add(
          scallop(
            svg,
            x,
            y + 80,
            rand(r, 110, 150),
            rand(r, -40, 40),
            "#fbf3ec",
            pick(r, ["#e4b3a2", "#d9a3a8", "#e8c7a6"]),
          ),
        );
        break;
      case 1:
        svg.add(
          starfish(svg, r, x, y, rand(r, 70, 95), rand(r, 0, 70), pick(r, ["#e7b48f", "#e9a994", "#dcb98f"])),
        );
        break;
      case 2:
        svg.add(
          cowrie(svg, x, y, rand(r, 42, 58), rand(r, 0, 180), pick(r, ["#d6b08a", "#c79a7c", "#e2cfb8"])),
        );
        break;
      default:
        svg.add(
          pearl(svg, x, y, rand(r, 26, 40), pick(r, TAHITI)),
          keishi(svg, r, x + 60, y + 30, 18, pick(r, KEISHI)),
        );
    }
  });
  finish(svg);
}

function inspCoral(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  const water = [
    ["#bfe6e6", "#4aa3ad", "#1b5f6e"],
    ["#d7eef0", "#7cc3c8", "#2f7f8c"],
    ["#cfe1ea", "#6f93b3", "#2f3e63"],
  ] as const;
  const [a, b, c] = at(water, v);
  svg.add(
    rect(
      0,
      0,
      w,
      h,
      vertical(svg, [
        [0, a],
        [0.5, b],
        [1, c],
      ]),
    ),
  );
  svg.add(rays(svg, r, 6, 0, w, h, 0.18));
  const colors = [
    ["#f1a38f", "#f6d1c2", "#e88e8a"],
    ["#f7e3d6", "#f3b9a5", "#ffffff"],
    ["#e7a0b8", "#f3d9d3", "#c9a6cf"],
  ] as const;
  const set = at(colors, v);
  const count = randInt(r, 3, 5);
  for (let i = 0; i < count; i++) {
    const x = (w / count) * (i + 0.5) + rand(r, -60, 60);
    svg.add(coral(r, x, h + 10, rand(r, 170, 230), rand(r, 28, 36), at(set, i), 4));
  }
  svg.add(seagrass(r, 80, h + 5, 360, darken(c, 0.2), 9), seagrass(r, w - 60, h + 5, 300, darken(c, 0.2), 8));
  let school = "";
  for (let i = 0; i < 9; i++) school += fish(rand(r, 200, 700), rand(r, 150, 420), rand(r, 12, 20), 1);
  svg.add(path(school, darken(c, 0.2), op(0.35)));
  svg.add(bubbleColumn(svg, r, rand(r, 200, 700), 80, h * 0.6, 14, 12));
}

function inspScales(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  const sets = [
    ["#1f7a8c", "#5b3a55", "#2f6f62"],
    ["#f3d9d3", "#e8c98f", "#cfe8e4"],
    ["#cfe8e4", "#b8bec4", "#c9a6cf"],
  ] as const;
  const [c1, c2, c3] = at(sets, v);
  svg.add(
    rect(
      0,
      0,
      w,
      h,
      linear(
        svg,
        [
          [0, c1],
          [0.5, c2],
          [1, c3],
        ],
        0,
        0,
        rand(r, 0.4, 1),
        1,
      ),
    ),
  );
  const s = rand(r, 80, 130);
  const dark = v === 0;
  const shine = radial(
    svg,
    S(`#ffffff 0 0, #ffffff 0.6 ${dark ? 0.06 : 0.12}, #ffffff 1 ${dark ? 0.3 : 0.55}`),
    0.5,
    0,
    1,
  );
  const edge = dark ? "#ffffff" : darken(c2, 0.2);
  const tile = scalePattern(svg, s, shine, edge, 0.35, 2, rand(r, -12, 12));
  svg.add(rect(0, 0, w, h, tile));
  svg.add(glow(svg, rand(r, 0, w), rand(r, 0, h * 0.5), 600, "#ffffff", dark ? 0.12 : 0.3));
  svg.add(glow(svg, rand(r, 0, w), rand(r, h * 0.5, h), 500, v === 2 ? "#f3d9d3" : "#9fe0cf", 0.25));
}

function inspFlatLay(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  backdrop(svg, r, at(BGS, v === 0 ? 5 : v === 1 ? 1 : 2), v === 2 ? "marble" : "linen");
  const tone = at(TAHITI, v + 3);
  const kt = at(KEISHI, v + 1);
  // necklace loop
  const loop = smoothPts(blobPts(r, w * 0.42, h * 0.36, 230, 0.06, 8, 1, rand(r, 0, 40)), true);
  svg.add(chain(svg, loop, 11, STEEL));
  const low = loop.reduce((a, b) => (b[1] > a[1] ? b : a));
  const b = bail(svg, low[0], low[1] - 2, 40, STEEL);
  svg.add(pearl(svg, low[0], b.pearlY, 40, tone), b.parts);
  // a pair of studs
  svg.add(pearl(svg, w * 0.76, h * 0.7, 30, tone), pearl(svg, w * 0.86, h * 0.74, 30, tone));
  // a ring lying flat
  const rx = w * 0.3;
  const ry = h * 0.78;
  svg.add(softShadow(svg, rx + 14, ry + 16, 130, 80, 0.45), band(svg, rx, ry, 100, 56, 14, 0, 16, STEEL));
  svg.add(keishi(svg, r, rx, ry + 60, 24, kt));
  // props
  svg.add(scallop(svg, w * 0.86, h * 0.16 + 120, 110, 150, "#fbf3ec", "#e2b8a8"));
  for (let i = 0; i < 5; i++)
    svg.add(keishi(svg, r, rand(r, w * 0.55, w * 0.85), rand(r, h * 0.45, h * 0.58), rand(r, 10, 16), kt));
  finish(svg);
}

function inspSandRipples(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  backdrop(svg, r, at(BGS, v === 2 ? 2 : 0), "ripples");
  // wet edge of the sea at the top
  const edgeY = h * rand(r, 0.16, 0.26);
  const edge = sinePath(-40, w + 40, edgeY, 20, 90, rand(r, 0, 6));
  svg.add(path(`${edge}L${w + 40} -10L-40 -10Z`, vertical(svg, S(`#2f8f9a 0, #8fd0cc 1`)), op(0.9)));
  svg.add(
    path(edge, "none", stroke("#ffffff", 12, 0.9)),
    path(sinePath(-40, w + 40, edgeY + 26, 14, 70, 1), "none", stroke("#e7dccb", 10, 0.6)),
  );
  svg.add(
    starfish(
      svg,
      r,
      w * rand(r, 0.25, 0.4),
      h * rand(r, 0.5, 0.62),
      110,
      rand(r, 0, 70),
      pick(r, ["#e7b48f", "#e59f86", "#d9a774"]),
    ),
  );
  svg.add(
    pearl(svg, w * 0.68, h * 0.74, 46, at(TAHITI, v)),
    keishi(svg, r, w * 0.75, h * 0.8, 20, at(KEISHI, v)),
  );
  if (v !== 1) svg.add(cowrie(svg, w * 0.2, h * 0.86, 44, 30, "#d6b08a"));
  finish(svg);
}

function inspUnderwater(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  const sets = [
    ["#8fd3d1", "#2a8b97", "#0f3d4c"],
    ["#b6e2e6", "#3e97a8", "#173f52"],
    ["#7fc3c7", "#1f6f80", "#0b2430"],
  ] as const;
  const [a, b, c] = at(sets, v);
  svg.add(
    rect(
      0,
      0,
      w,
      h,
      vertical(svg, [
        [0, a],
        [0.45, b],
        [1, c],
      ]),
    ),
  );
  svg.add(rays(svg, r, 8, -100, w, h, 0.24));
  let surf = "";
  for (let i = 0; i < 4; i++)
    surf += sinePath(-50, w + 50, 18 + i * 20, rand(r, 3, 6), rand(r, 30, 60), rand(r, 0, 6));
  svg.add(path(surf, "none", stroke("#ffffff", 2.5, 0.25)));
  let school = "";
  const sx = rand(r, 200, 700);
  const sy = rand(r, 300, 700);
  for (let i = 0; i < 22; i++)
    school += fish(sx + rand(r, -180, 180), sy + rand(r, -120, 120), rand(r, 10, 18), v === 1 ? -1 : 1);
  svg.add(path(school, darken(c, 0.1), op(0.4)));
  svg.add(bubbleColumn(svg, r, rand(r, 150, 750), 60, h - 100, 22, 16));
  svg.add(
    seagrass(r, rand(r, 60, 300), h + 5, 420, darken(c, 0.1), 12),
    seagrass(r, rand(r, 600, 850), h + 5, 360, darken(c, 0.1), 10),
  );
}

function inspOyster(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  if (v === 1) {
    svg.add(rect(0, 0, w, h, radial(svg, S(`#2c4b54 0, #0d1d22 1`), 0.5, 0.45, 0.75)));
  } else backdrop(svg, r, at(BGS, v === 0 ? 0 : 3), v === 0 ? "ripples" : "caustics");
  const oy = oyster(svg, r, w * 0.5, h * 0.6, 300);
  svg.add(oy.back, pearl(svg, oy.seat[0], oy.seat[1], 92, at(TAHITI, v * 2), "none"), oy.front);
  if (v !== 1)
    svg.add(
      keishi(svg, r, w * 0.2, h * 0.88, 22, at(KEISHI, v)),
      keishi(svg, r, w * 0.28, h * 0.9, 16, at(KEISHI, v + 1)),
    );
  finish(svg, v === 1 ? 0.5 : 1);
}

function inspStrand(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  const bg = [BGS[2], BGS[1], undefined][v];
  if (bg) backdrop(svg, r, bg, "silk");
  else {
    svg.add(rect(0, 0, w, h, linear(svg, S(`#243a44 0, #0f2129 1`), 0, 0, 1, 1)));
  }
  const tone = at(TAHITI, v + 2);
  const strands = v === 2 ? 3 : 2;
  for (let k = 0; k < strands; k++) {
    const x0 = rand(r, -100, 200) + k * 230;
    const pts = cubicPts(
      [x0, -60],
      [x0 + rand(r, 100, 400), h * 0.35],
      [x0 - rand(r, 0, 300), h * 0.7],
      [x0 + rand(r, 100, 300), h + 60],
      60,
    );
    if (k === 1 && v !== 2) {
      // a keishi strand next to the Tahitian one
      const kt = at(KEISHI, v + k);
      svg.add(path(polyPath(pts), "none", stroke("#d8d2c8", 2, 0.6)));
      for (let i = 0; i < 30; i++) {
        const { p } = pointAt(pts, (i + 0.5) / 30);
        svg.add(keishi(svg, r, p[0], p[1], rand(r, 16, 21), kt));
      }
    } else svg.add(pearlStrand(svg, pts, 30, 38, at(TAHITI, v + 2 + k), 20));
  }
  svg.add(pearl(svg, w * 0.8, h * 0.82, 56, tone));
  finish(svg, v === 2 ? 0.5 : 1);
}

const INSPIRATIONS: readonly ((svg: Svg, r: Rng, v: number) => void)[] = [
  inspSeascape,
  inspPearlCloseUp,
  inspWaves,
  inspShells,
  inspCoral,
  inspScales,
  inspFlatLay,
  inspSandRipples,
  inspUnderwater,
  inspOyster,
  inspStrand,
];

export function renderInspirationArt(index: number): string {
  const i = clampInt(index) % (INSPIRATIONS.length * 3);
  const svg = new Svg(900, 1200, `i${i}_`);
  // consecutive indexes change subject; every 11 the treatment (palette, layout) changes
  at(INSPIRATIONS, i % INSPIRATIONS.length)(
    svg,
    mulberry32(seedOf("insp", i)),
    Math.floor(i / INSPIRATIONS.length),
  );
  return svg.toString();
}
