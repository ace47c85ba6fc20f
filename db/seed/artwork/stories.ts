/** Story pictures of the home and about pages — 1200x900. */
import { backdrop, finish, sinePath } from "./backdrops";
import { BGS, bail, chain, KEISHI, keishi, pearl, STEEL, scallop, TAHITI } from "./elements";
import { benchTopDown } from "./events";
import { cloud, glow, shimmer, vertical, waveTicks } from "./scenery";
import {
  at,
  blobPts,
  circle,
  cubicPts,
  group,
  mulberry32,
  type P,
  path,
  pick,
  type Rng,
  rand,
  rect,
  S,
  Svg,
  seedOf,
  smoothPts,
  stroke,
} from "./svg";

function storyKeishi(svg: Svg, r: Rng): void {
  const { w, h } = svg;
  backdrop(svg, r, at(BGS, 0), "ripples");
  const sx = w * 0.5;
  const sy = h * 0.86;
  svg.add(scallop(svg, sx, sy, 470, 0, "#fbf1ea", "#d9a598"));
  // a heap of keishi in the bowl of the shell, back to front
  const items: P[] = [];
  for (let i = 0; i < 200 && items.length < 34; i++) {
    const a = rand(r, Math.PI, Math.PI * 2);
    const d = Math.sqrt(r()) * 250;
    const p: P = [sx + Math.cos(a) * d * 1.2, sy - 170 + Math.sin(a) * d * 0.55 + 60];
    if (items.every((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) > 40)) items.push(p);
  }
  items.sort((a, b) => a[1] - b[1]);
  for (const [x, y] of items) svg.add(keishi(svg, r, x, y, rand(r, 20, 30), pick(r, KEISHI)));
  svg.add(pearl(svg, sx + 30, sy - 200, 34, at(TAHITI, 1)));
  for (const [x, y] of [
    [150, 780],
    [210, 820],
    [1040, 760],
  ] as const) {
    svg.add(keishi(svg, r, x, y, 20, pick(r, KEISHI)));
  }
  finish(svg);
}

function storyAtelier(svg: Svg, r: Rng): void {
  backdrop(svg, r, at(BGS, 5), "linen");
  const c1 = cubicPts([-40, 220], [300, 60], [500, 520], [820, 380], 60);
  const c2 = cubicPts([820, 380], [1040, 290], [1100, 640], [1260, 560], 40);
  svg.add(chain(svg, [...c1, ...c2.slice(1)], 13, STEEL));
  const loop = smoothPts(blobPts(r, 360, 560, 170, 0.08, 7, 1.2, 10), true);
  svg.add(chain(svg, loop, 11, STEEL));
  const low = loop.reduce((a, b) => (b[1] > a[1] ? b : a));
  const b = bail(svg, low[0], low[1] - 2, 38, STEEL);
  svg.add(pearl(svg, low[0], b.pearlY, 38, at(TAHITI, 0)), b.parts);
  const spots: [number, number, number][] = [
    [700, 600, 34],
    [790, 640, 28],
    [760, 720, 30],
    [980, 180, 40],
    [1060, 230, 26],
    [160, 120, 28],
  ];
  spots.forEach(([x, y, pr], i) => {
    svg.add(pearl(svg, x, y, pr, at(TAHITI, i)));
  });
  for (let i = 0; i < 10; i++)
    svg.add(keishi(svg, r, rand(r, 880, 1120), rand(r, 700, 840), rand(r, 12, 18), pick(r, KEISHI)));
  svg.add(scallop(svg, 1080, 520, 110, -30, "#fbf3ec", "#e2b8a8"));
  finish(svg);
}

function storyMission(svg: Svg, r: Rng): void {
  const { w, h } = svg;
  const horizon = 380;
  svg.add(rect(0, 0, w, horizon + 2, vertical(svg, S(`#7fb3c4 0, #e8d7cf 0.65, #fbe9dc 1`))));
  svg.add(glow(svg, 820, horizon - 30, 520, "#fff3e2", 0.6), circle(820, horizon - 30, 38, "#fffaf0"));
  for (let i = 0; i < 4; i++)
    svg.add(cloud(svg, r, rand(r, 0, w), rand(r, 80, 280), rand(r, 240, 420), "#ffffff", 0.5));
  svg.add(rect(0, horizon, w, 300, vertical(svg, S(`#9cc9cc 0, #2f8191 1`))));
  svg.add(shimmer(r, 820, 60, horizon + 2, 640, "#fff4e6", 120, 0.55));
  svg.add(waveTicks(r, 0, w, horizon + 4, 640, "#ffffff", 90, 0.22));
  // wet sand mirrors the sky
  const edge = sinePath(-40, w + 40, 640, 12, 100, 2);
  svg.add(path(`${edge}L${w + 40} ${h}L-40 ${h}Z`, vertical(svg, S(`#d9d0c4 0, #cdb89a 1`))));
  svg.add(path(edge, "none", stroke("#ffffff", 10, 0.85)));
  const px = 380;
  const py = 740;
  const tone = at(TAHITI, 0);
  // soft reflection of the pearl in the wet sand, mirrored about its contact point
  const contact = py + 90;
  svg.add(
    group(
      pearl(svg, px, py, 90, tone, "none"),
      ` opacity=".2" transform="translate(0 ${contact * 2}) scale(1 -1)"`,
    ),
  );
  svg.add(pearl(svg, px, py, 90, tone, "side"));
  finish(svg, 0.6);
}

export function renderStoryArt(name: "creatrice" | "keishi" | "atelier" | "mission"): string {
  const svg = new Svg(1200, 900, `s${name.slice(0, 3)}_`);
  const r = mulberry32(seedOf("story", name));
  switch (name) {
    case "creatrice":
      benchTopDown(svg, r, 1);
      finish(svg, 0.6);
      break;
    case "keishi":
      storyKeishi(svg, r);
      break;
    case "atelier":
      storyAtelier(svg, r);
      break;
    case "mission":
      storyMission(svg, r);
      break;
  }
  return svg.toString();
}
