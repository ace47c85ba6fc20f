/** The six kinds of jewellery, each in several designs and up to three views: the product photos. */
import { backdrop, type Detail, finish, sinePath } from "./backdrops";
import {
  BGS,
  type Bg,
  bail,
  chain,
  clasp,
  dish,
  GOLD,
  jumpRing,
  KEISHI,
  type KTone,
  keishi,
  type Metal,
  metalFill,
  pearl,
  pebble,
  type ShadowMode,
  STEEL,
  scallop,
  softShadow,
  starfish,
  TAHITI,
  type Tone,
} from "./elements";
import {
  at,
  blobPts,
  circle,
  clampInt,
  cubicPts,
  ellipse,
  lighten,
  linear,
  mix,
  mulberry32,
  n,
  type P,
  path,
  pathLength,
  pick,
  pointAt,
  polyPath,
  type Rng,
  rand,
  randInt,
  S,
  Svg,
  seedOf,
  smoothPts,
  stroke,
  transformPts,
} from "./svg";

export type ArtKind = "collier" | "bracelet" | "boucles" | "bague" | "cheville" | "pendentif";

// ---------------------------------------------------------------------------------------
// Product design: what stays the same across the three views of one piece
// ---------------------------------------------------------------------------------------

const KINDS: readonly ArtKind[] = ["collier", "bracelet", "boucles", "bague", "cheville", "pendentif"];
const DETAILS_A: readonly Detail[] = [
  "plain",
  "waves",
  "linen",
  "caustics",
  "ripples",
  "marble",
  "shells",
  "scales",
];
const DETAILS_B: readonly Detail[] = [
  "silk",
  "marble",
  "bubbles",
  "linen",
  "waves",
  "scales",
  "plain",
  "ripples",
];

interface Design {
  kind: ArtKind;
  seed: number;
  style: number;
  tone: Tone;
  ktone: KTone;
  metal: Metal;
  bg: Bg;
  bg2: Bg;
  detail: Detail;
  detail2: Detail;
  tilt: number;
}

function designFor(kind: ArtKind, variant: number): Design {
  const k = KINDS.indexOf(kind);
  const seed = seedOf("design", kind, variant);
  const r = mulberry32(seed);
  const detail = at(DETAILS_A, variant + k * 3);
  // Cycle through lists with co-prime strides so neighbouring variants always differ.
  return {
    kind,
    seed,
    style: (variant + k) % 5,
    tone: at(TAHITI, variant + k * 2),
    ktone: at(KEISHI, variant * 2 + k),
    metal: (variant + k) % 7 === 5 ? GOLD : STEEL,
    // caustics only make sense on watery tones
    bg: detail === "caustics" ? at(BGS, 3 + (variant % 2)) : at(BGS, variant * 3 + k),
    bg2: at(BGS, variant * 3 + k + 2),
    detail,
    detail2: at(DETAILS_B, variant * 3 + k),
    tilt: rand(r, -8, 8),
  };
}

/** A small decorative prop in a corner, so alternate views feel staged. */
function prop(svg: Svg, r: Rng, d: Design, x: number, y: number, s: number): string {
  switch (randInt(r, 0, 3)) {
    case 0:
      return scallop(svg, x, y, s, rand(r, -50, 50), lighten(d.bg2.a, 0.3), mix(d.bg2.ink, "#d9a08e", 0.4));
    case 1:
      return starfish(svg, r, x, y, s * 0.9, rand(r, 0, 70), pick(r, ["#e7b48f", "#e9a994", "#d9bfa0"]));
    case 2:
      return pebble(svg, r, x, y, s * 0.55, pick(r, ["#d8d2ca", "#c9c3bd", "#e6ddd2", "#bfc7c6"]));
    default:
      return scallop(svg, x, y, s * 0.85, rand(r, 120, 240), "#fbf3ec", "#e2b8a8");
  }
}

// -- necklace -----------------------------------------------------------------------------

/** U / V drape hanging from the top edge (flat-lay or bust style). */
function drape(cx: number, top: number, half: number, bottom: number, round: number): P[] {
  const left = cubicPts(
    [cx - half, top],
    [cx - half * 1.02, top + (bottom - top) * 0.7],
    [cx - half * round, bottom],
    [cx, bottom],
    40,
  );
  const right = cubicPts(
    [cx, bottom],
    [cx + half * round, bottom],
    [cx + half * 1.02, top + (bottom - top) * 0.7],
    [cx + half, top],
    40,
  );
  return [...left, ...right.slice(1)];
}

/** Focal element hanging from (x, y): pendant pearl, cluster, charm… Scaled by s. */
function focal(svg: Svg, d: Design, x: number, y: number, s: number): string {
  const r = mulberry32(d.seed + 7);
  const m = d.metal;
  switch (d.style) {
    case 0: {
      const pr = 62 * s;
      const b = bail(svg, x, y, pr, m);
      return pearl(svg, x, b.pearlY, pr, d.tone) + b.parts;
    }
    case 2: {
      // cluster of keishi around one Tahitian pearl
      const out: string[] = [jumpRing(x, y + 6 * s, 7 * s, m)];
      const pr = 44 * s;
      const spots: [number, number, number][] = [
        [-40, 40, 20],
        [42, 36, 22],
        [-20, 98, 18],
        [30, 100, 19],
        [-52, 80, 15],
        [56, 78, 16],
      ];
      for (const [dx, dy, kr] of spots) out.push(keishi(svg, r, x + dx * s, y + dy * s, kr * s, d.ktone));
      out.push(pearl(svg, x, y + 62 * s, pr, d.tone));
      return out.join("");
    }
    case 3: {
      // pearl + little steel shell charm side by side
      const pr = 50 * s;
      const out: string[] = [jumpRing(x, y + 6 * s, 8 * s, m)];
      out.push(scallop(svg, x + 44 * s, y + 30 * s, 46 * s, 200, m.light, m.dark));
      const b = bail(svg, x - 14 * s, y + 10 * s, pr, m);
      out.push(pearl(svg, x - 14 * s, b.pearlY, pr, d.tone), b.parts);
      return out.join("");
    }
    default: {
      const pr = 56 * s;
      const b = bail(svg, x, y, pr, m);
      return pearl(svg, x, b.pearlY, pr, d.tone) + b.parts;
    }
  }
}

/** Pearls threaded along the chain (styles 1 and 4). */
function stations(svg: Svg, d: Design, pts: readonly P[], s: number): string {
  const r = mulberry32(d.seed + 3);
  const out: string[] = [];
  if (d.style === 1) {
    const fr = [0.34, 0.42, 0.5, 0.58, 0.66];
    for (const t of fr) {
      const { p } = pointAt(pts, t);
      out.push(pearl(svg, p[0], p[1], (t === 0.5 ? 34 : 26) * s, d.tone));
    }
  } else {
    for (let i = 1; i < 12; i++) {
      const t = i / 12;
      const { p } = pointAt(pts, t);
      if (i === 6) out.push(pearl(svg, p[0], p[1], 36 * s, d.tone));
      else out.push(keishi(svg, r, p[0], p[1], rand(r, 14, 19) * s, d.ktone));
    }
  }
  return out.join("");
}

function drawCollier(svg: Svg, d: Design, view: number, r: Rng): void {
  const hasFocal = d.style === 0 || d.style === 2 || d.style === 3;
  if (view === 0) {
    const bottom = hasFocal ? 640 : 780;
    const pts = transformPts(
      drape(600, -40, rand(r, 330, 400), bottom, hasFocal ? 0.25 : 0.6),
      600,
      400,
      d.tilt * 0.4,
    );
    svg.add(chain(svg, pts, 13, d.metal));
    const low = pts.reduce((a, b) => (b[1] > a[1] ? b : a));
    svg.add(hasFocal ? focal(svg, d, low[0], low[1] - 4, 1.35) : stations(svg, d, pts, 1.3));
  } else if (view === 1) {
    // close-up on the focal part
    if (hasFocal) {
      const x = 600 + rand(r, -40, 40);
      const y = 330;
      const left = cubicPts([x - 520, -60], [x - 330, 120], [x - 90, 280], [x, y], 30);
      const right = cubicPts([x, y], [x + 90, 280], [x + 330, 120], [x + 520, -60], 30);
      svg.add(chain(svg, [...left, ...right.slice(1)], 30, d.metal));
      svg.add(focal(svg, d, x, y - 6, 3.0));
    } else {
      const pts = cubicPts([-80, 420], [300, 300], [800, 1000], [1300, 700], 60);
      svg.add(chain(svg, pts, 30, d.metal));
      svg.add(stations(svg, d, pts, 2.6));
    }
  } else {
    // laid flat in a loose closed loop, clasp at the top, with a prop
    const cx = 560;
    const cy = 560;
    const loop = blobPts(r, cx, cy, 320, 0.07, 8, 0.95, d.tilt);
    const pts = smoothPts(loop, true);
    // open the loop at the top for the clasp
    let top = 0;
    pts.forEach((p, i) => {
      if (p[1] < at(pts, top)[1]) top = i;
    });
    const open = [...pts.slice(top + 2), ...pts.slice(1, top - 1)];
    svg.add(prop(svg, r, d, 990, 1000, 150));
    svg.add(chain(svg, open, 14, d.metal));
    const end = at(open, open.length - 1);
    const prev = at(open, open.length - 4);
    svg.add(
      clasp(
        svg,
        end[0],
        end[1],
        26,
        (Math.atan2(end[1] - prev[1], end[0] - prev[0]) * 180) / Math.PI,
        d.metal,
      ),
    );
    const low = open.reduce((a, b) => (b[1] > a[1] ? b : a));
    svg.add(hasFocal ? focal(svg, d, low[0], low[1] - 4, 1.3) : stations(svg, d, open, 1.25));
  }
}

// -- bracelet -----------------------------------------------------------------------------

function braceletPearls(svg: Svg, d: Design, pts: readonly P[], s: number, from: number, to: number): string {
  const r = mulberry32(d.seed + 11);
  const out: string[] = [];
  const mid = (from + to) / 2;
  switch (d.style) {
    case 0:
      out.push(pearl(svg, ...pointAt(pts, mid).p, 46 * s, d.tone));
      break;
    case 1:
      for (const t of [-0.06, 0, 0.06])
        out.push(pearl(svg, ...pointAt(pts, mid + t).p, (t ? 28 : 34) * s, d.tone));
      break;
    case 2:
      for (let i = 0; i < 7; i++) {
        const t = from + ((to - from) * (i + 0.5)) / 7;
        if (i === 3) out.push(pearl(svg, ...pointAt(pts, t).p, 30 * s, d.tone));
        else out.push(keishi(svg, r, ...pointAt(pts, t).p, rand(r, 13, 17) * s, d.ktone));
      }
      break;
    case 3: {
      const { p } = pointAt(pts, mid);
      out.push(pearl(svg, p[0], p[1], 40 * s, d.tone));
      const q = pointAt(pts, mid + 0.07).p;
      out.push(jumpRing(q[0], q[1] + 6 * s, 6 * s, d.metal));
      out.push(starfish(svg, r, q[0] + 4 * s, q[1] + 34 * s, 24 * s, 10, d.metal.mid));
      break;
    }
    default:
      for (const t of [-0.045, 0.045]) out.push(keishi(svg, r, ...pointAt(pts, mid + t).p, 20 * s, d.ktone));
      out.push(pearl(svg, ...pointAt(pts, mid).p, 38 * s, d.tone));
  }
  return out.join("");
}

function drawBracelet(svg: Svg, d: Design, view: number, r: Rng): void {
  const m = d.metal;
  if (view === 0) {
    // closed oval lying flat, clasp at the top
    const loop = blobPts(r, 600, 600, 290, 0.05, 8, 1.22, d.tilt);
    const pts = smoothPts(loop, true);
    let top = 0;
    pts.forEach((p, i) => {
      if (p[1] < at(pts, top)[1]) top = i;
    });
    const open = [...pts.slice(top + 2), ...pts.slice(1, top)];
    svg.add(chain(svg, open, 13, m));
    if (d.style === 4) svg.add(chain(svg, transformPts(open, 600, 600, 0, 0.9), 11, m));
    const e = at(open, open.length - 1);
    svg.add(clasp(svg, e[0], e[1], 24, -10, m));
    const s0 = at(open, 0);
    svg.add(jumpRing(s0[0], s0[1], 9, m));
    // pearls on the lower half (fractions ~0.35-0.65 of the opened loop)
    svg.add(braceletPearls(svg, d, open, 1.15, 0.3, 0.7));
  } else if (view === 1) {
    const pts = cubicPts([-100, 380], [300, 900], [900, 900], [1300, 380], 60);
    svg.add(chain(svg, pts, 32, m));
    if (d.style === 4)
      svg.add(
        chain(
          svg,
          pts.map(([x, y]) => [x, y - 90] as P),
          26,
          m,
        ),
      );
    svg.add(braceletPearls(svg, d, pts, 2.6, 0.3, 0.7));
  } else {
    // opened and laid in a gentle S, clasp on the right, extender on the left
    const pts = cubicPts([150, 520], [420, 330], [720, 860], [1030, 640], 60).map(
      ([x, y]) => [x, y + rand(r, -1, 1)] as P,
    );
    const tilted = transformPts(pts, 600, 600, d.tilt);
    svg.add(prop(svg, r, d, 200, 1010, 140));
    svg.add(chain(svg, tilted, 14, m));
    if (d.style === 4)
      svg.add(
        chain(
          svg,
          tilted.map(([x, y]) => [x + 8, y + 46] as P),
          12,
          m,
        ),
      );
    const e = at(tilted, tilted.length - 1);
    const p = at(tilted, tilted.length - 5);
    svg.add(clasp(svg, e[0], e[1], 26, (Math.atan2(e[1] - p[1], e[0] - p[0]) * 180) / Math.PI, m));
    const s0 = at(tilted, 0);
    const ext = cubicPts(
      s0,
      [s0[0] - 40, s0[1] + 20],
      [s0[0] - 60, s0[1] + 70],
      [s0[0] - 50, s0[1] + 120],
      12,
    );
    svg.add(chain(svg, ext, 12, m));
    const tip = at(ext, ext.length - 1);
    svg.add(keishi(svg, mulberry32(d.seed), tip[0], tip[1] + 12, 11, d.ktone));
    svg.add(braceletPearls(svg, d, tilted, 1.2, 0.3, 0.7));
  }
}

// -- earrings -----------------------------------------------------------------------------

/** 2D similarity transform used to place an earring without rotating pearl highlights. */
interface Place {
  x: number;
  y: number;
  s: number;
  deg: number;
  flip: boolean;
}
function placeFn(pl: Place): (x: number, y: number) => P {
  const a = (pl.deg * Math.PI) / 180;
  const c = Math.cos(a);
  const si = Math.sin(a);
  return (x, y) => {
    const lx = (pl.flip ? -x : x) * pl.s;
    const ly = y * pl.s;
    return [pl.x + lx * c - ly * si, pl.y + lx * si + ly * c];
  };
}

function earWire(svg: Svg, T: (x: number, y: number) => P, s: number, m: Metal): string {
  const pts = [
    ...cubicPts([0, -4], [-3, -62], [4, -116], [36, -116], 20),
    ...cubicPts([36, -116], [64, -116], [72, -84], [64, -16], 16).slice(1),
  ].map(([x, y]) => T(x, y));
  const d = polyPath(pts);
  return (
    path(d, "none", `${stroke("#2a211c", 4.5 * s, 0.14)} transform="translate(${n(6 * s)} ${n(9 * s)})"`) +
    path(d, "none", stroke(m.dark, 4.4 * s, 0.85)) +
    path(d, "none", stroke(m.light, 2.8 * s)) +
    path(polyPath(pts.slice(2, 26)), "none", stroke(m.hi, 1 * s, 0.9)) +
    circle(...T(0, -40), 4.5 * s, metalFill(svg, m, 0), stroke(m.dark, 0.8 * s, 0.6))
  );
}

function earring(svg: Svg, d: Design, pl: Place, seed: number): string {
  const T = placeFn(pl);
  const s = pl.s;
  const m = d.metal;
  const r = mulberry32(seed);
  const out: string[] = [];
  switch (d.style) {
    case 0: {
      out.push(earWire(svg, T, s, m), jumpRing(...T(0, 4), 7 * s, m));
      const b = bail(svg, ...T(0, 10), 38 * s, m);
      out.push(pearl(svg, T(0, 10)[0], b.pearlY, 38 * s, d.tone, "side"), b.parts);
      break;
    }
    case 1: {
      // stud: pearl in a small steel cup, a butterfly back peeking behind
      const [x, y] = T(0, 0);
      out.push(circle(x + 30 * s, y + 26 * s, 20 * s, metalFill(svg, m, 30), stroke(m.dark, 1.2 * s, 0.6)));
      out.push(circle(x, y, 40 * s, metalFill(svg, m, 120)));
      out.push(pearl(svg, x, y, 37 * s, d.tone));
      break;
    }
    case 2: {
      // small hoop with a keishi and a Tahitian pearl dangling
      const c = T(0, 62);
      out.push(circle(c[0] + 6 * s, c[1] + 8 * s, 62 * s, "none", stroke("#2a211c", 7 * s, 0.12)));
      out.push(circle(...c, 62 * s, "none", stroke(m.dark, 8 * s, 0.8)));
      out.push(circle(...c, 62 * s, "none", stroke(m.light, 5.5 * s)));
      out.push(
        path(
          `M${n(c[0] - 50 * s)} ${n(c[1] - 36 * s)}A${n(62 * s)} ${n(62 * s)} 0 0 1 ${n(c[0] + 20 * s)} ${n(c[1] - 59 * s)}`,
          "none",
          stroke(m.hi, 1.6 * s, 0.9),
        ),
      );
      const bottom = T(0, 124);
      out.push(jumpRing(bottom[0], bottom[1] + 6 * s, 7 * s, m));
      out.push(pearl(svg, bottom[0], bottom[1] + 44 * s, 30 * s, d.tone, "side"));
      out.push(keishi(svg, r, bottom[0] + 26 * s, bottom[1] + 12 * s, 12 * s, d.ktone, "none"));
      break;
    }
    case 3: {
      out.push(earWire(svg, T, s, m));
      const a = T(0, 0);
      const b = T(pl.flip ? -4 : 4, 130);
      out.push(chain(svg, cubicPts(a, [a[0], a[1] + 40 * s], [b[0], b[1] - 40 * s], b, 20), 10 * s, m));
      const mid = T(2, 66);
      out.push(keishi(svg, r, mid[0] + 10 * s, mid[1], 11 * s, d.ktone));
      const bb = bail(svg, b[0], b[1], 32 * s, m);
      out.push(pearl(svg, b[0], bb.pearlY, 32 * s, d.tone, "side"), bb.parts);
      break;
    }
    default: {
      // stud pearl with a small keishi drop
      const [x, y] = T(0, 0);
      out.push(circle(x, y, 32 * s, metalFill(svg, m, 120)));
      out.push(pearl(svg, x, y, 29 * s, d.tone));
      const a = T(0, 30);
      const b = T(0, 92);
      out.push(chain(svg, [a, b], 9 * s, m));
      out.push(keishi(svg, r, b[0], b[1] + 14 * s, 16 * s, d.ktone));
    }
  }
  return out.join("");
}

/** Vertical extent of each earring style in local units, used to frame the shot. */
const EARRING_SPAN: readonly (readonly [number, number])[] = [
  [-116, 97],
  [-40, 46],
  [0, 200],
  [-116, 204],
  [-32, 124],
];

function drawBoucles(svg: Svg, d: Design, view: number, r: Rng): void {
  const [top, bottom] = at(EARRING_SPAN, d.style);
  const span = bottom - top;
  const mid = (top + bottom) / 2;
  if (view === 0) {
    const s = Math.min(2.5, 660 / span);
    const y = 600 - mid * s;
    svg.add(earring(svg, d, { x: 400, y: y - 10, s, deg: -4 + d.tilt * 0.3, flip: false }, d.seed));
    svg.add(earring(svg, d, { x: 800, y: y + 14, s, deg: 5 + d.tilt * 0.3, flip: true }, d.seed + 1));
  } else if (view === 1) {
    // close-up of a single earring, filling the frame
    const s = Math.min(5.6, 900 / span);
    svg.add(earring(svg, d, { x: 590, y: 600 - mid * s, s, deg: rand(r, -8, 8), flip: false }, d.seed));
  } else {
    // the pair resting in a small ceramic dish
    svg.add(dish(svg, 600, 620, 410, pick(r, ["#f7f1ea", "#eef4f2", "#f5e7e3", "#ecebef"])));
    const s = Math.min(2.1, 420 / span);
    const y = 620 - mid * s;
    svg.add(earring(svg, d, { x: 470, y: y - 30, s, deg: -22, flip: false }, d.seed));
    svg.add(earring(svg, d, { x: 735, y: y + 40, s, deg: 18, flip: true }, d.seed + 1));
    svg.add(prop(svg, r, d, 1070, 150, 110));
  }
}

// -- ring ---------------------------------------------------------------------------------

/**
 * Ring band drawn as a stack of stroked ellipses (an extrusion): convincing 3D volume
 * for a dozen cheap shapes. (dx, dy) is the depth direction of the band.
 */
export function band(
  svg: Svg,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  thick: number,
  dx: number,
  dy: number,
  m: Metal,
): string {
  const steps = 12;
  const out: string[] = [];
  const side = linear(
    svg,
    S(`${m.mid} 0, ${m.hi} 0.25, ${m.mid} 0.5, ${m.dark} 0.8, ${m.light} 1`),
    0,
    0,
    1,
    1,
    { key: `band${m.name}` },
  );
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const x = cx + dx * (1 - t);
    const y = cy + dy * (1 - t);
    const col = i === steps ? side : mix(m.dark, m.mid, 0.3 + t * 0.5);
    out.push(ellipse(x, y, rx, ry, "none", ` stroke="${col}" stroke-width="${n(thick)}"`));
  }
  // polished front edge catching light
  out.push(
    path(
      `M${n(cx - rx * 0.92)} ${n(cy - ry * 0.4)}A${n(rx)} ${n(ry)} 0 0 1 ${n(cx + rx * 0.2)} ${n(cy - ry * 0.98)}`,
      "none",
      stroke(m.hi, thick * 0.22, 0.85),
    ),
  );
  return out.join("");
}

function ringTop(svg: Svg, d: Design, x: number, y: number, s: number, shadow: ShadowMode): string {
  const r = mulberry32(d.seed + 5);
  const m = d.metal;
  const out: string[] = [];
  // setting cup
  out.push(
    path(
      `M${n(x - 26 * s)} ${n(y - 8 * s)}Q${n(x)} ${n(y + 16 * s)} ${n(x + 26 * s)} ${n(y - 8 * s)}L${n(x + 14 * s)} ${n(y + 10 * s)}Q${n(x)} ${n(y + 16 * s)} ${n(x - 14 * s)} ${n(y + 10 * s)}Z`,
      metalFill(svg, m, 0),
    ),
  );
  switch (d.style) {
    case 1:
      out.push(keishi(svg, r, x - 46 * s, y + 4 * s, 16 * s, d.ktone, "none"));
      out.push(keishi(svg, r, x + 46 * s, y + 4 * s, 16 * s, d.ktone, "none"));
      out.push(pearl(svg, x, y - 40 * s, 46 * s, d.tone, shadow));
      break;
    case 3:
      out.push(pearl(svg, x - 30 * s, y - 30 * s, 38 * s, d.tone, shadow));
      out.push(keishi(svg, r, x + 36 * s, y - 22 * s, 30 * s, d.ktone, "none"));
      break;
    case 4:
      out.push(keishi(svg, r, x - 22 * s, y - 10 * s, 16 * s, d.ktone, "none"));
      out.push(keishi(svg, r, x + 22 * s, y - 12 * s, 15 * s, d.ktone, "none"));
      out.push(pearl(svg, x, y - 30 * s, 26 * s, d.tone, "none"));
      break;
    default:
      out.push(pearl(svg, x, y - 42 * s, 50 * s, d.tone, shadow));
  }
  return out.join("");
}

function drawBague(svg: Svg, d: Design, view: number, r: Rng): void {
  const m = d.metal;
  const thin = d.style === 4 || d.style === 2;
  if (view === 1) {
    // lying flat, seen from above at an angle; the pearl faces the camera
    const cx = 600;
    const cy = 640;
    svg.add(softShadow(svg, cx + 40, cy + 40, 360, 190, 0.5));
    svg.add(band(svg, cx, cy, 280, 150, thin ? 22 : 34, 0, 50, m));
    svg.add(ringTop(svg, d, cx, cy + 180, 2.4, "top"));
  } else {
    // standing ring, 3/4 view; view 2 is a close-up from the other side
    const close = view === 2;
    const R = close ? 330 : 230;
    const cx = close ? 620 : 600;
    const cy = close ? 740 : 700;
    const dir = close ? -1 : 1;
    const rx = R * 0.78;
    const thick = R * (thin ? 0.09 : 0.14);
    if (close) svg.add(prop(svg, r, d, 180, 230, 120));
    svg.add(softShadow(svg, cx + 60 * dir, cy + R + 6, R * 1.2, R * 0.16, 0.55));
    svg.add(band(svg, cx, cy, rx, R, thick, 28 * dir * (R / 230), -4, m));
    if (d.style === 2)
      svg.add(band(svg, cx + 4 * dir, cy + 4, rx * 0.995, R * 0.995, thick * 0.8, 14 * dir, -2, m));
    svg.add(ringTop(svg, d, cx + 14 * dir, cy - R - thick * 0.2, R / 125, "none"));
  }
}

// -- anklet -------------------------------------------------------------------------------

function ankletCharms(svg: Svg, d: Design, pts: readonly P[], s: number, every: number): string {
  const r = mulberry32(d.seed + 9);
  const out: string[] = [];
  const count = Math.max(3, Math.round(pathLength(pts) / every));
  for (let i = 1; i < count; i++) {
    const { p } = pointAt(pts, i / count);
    if (d.style === 3 && i === Math.floor(count / 2)) {
      out.push(jumpRing(p[0], p[1] + 6 * s, 5 * s, d.metal));
      out.push(scallop(svg, p[0], p[1] + 38 * s, 26 * s, 180, d.metal.light, d.metal.dark));
      continue;
    }
    if (d.style === 1 || d.style === 4) {
      out.push(i % 2 ? keishi(svg, r, p[0], p[1], 11 * s, d.ktone) : pearl(svg, p[0], p[1], 12 * s, d.tone));
    } else {
      out.push(pearl(svg, p[0], p[1], 13 * s, d.tone));
    }
  }
  return out.join("");
}

function drawCheville(svg: Svg, d: Design, view: number, r: Rng): void {
  const m = d.metal;
  if (view === 0) {
    const pts = transformPts(
      cubicPts([70, 720], [420, 260], [760, 1000], [1110, 470], 80),
      600,
      600,
      d.tilt * 0.5,
    );
    svg.add(chain(svg, pts, 10, m));
    if (d.style === 2)
      svg.add(
        chain(
          svg,
          pts.map(([x, y]) => [x + 10, y + 64] as P),
          9,
          m,
        ),
      );
    const e = at(pts, pts.length - 1);
    const p = at(pts, pts.length - 4);
    svg.add(clasp(svg, e[0], e[1], 18, (Math.atan2(e[1] - p[1], e[0] - p[0]) * 180) / Math.PI, m));
    svg.add(ankletCharms(svg, d, pts, 1.2, 125));
  } else if (view === 1) {
    const pts = cubicPts([-60, 260], [400, 320], [700, 1020], [1280, 880], 60);
    svg.add(chain(svg, pts, 26, m));
    if (d.style === 2)
      svg.add(
        chain(
          svg,
          pts.map(([x, y]) => [x + 30, y - 150] as P),
          22,
          m,
        ),
      );
    svg.add(ankletCharms(svg, d, pts, 2.8, 330));
  } else {
    const loop = blobPts(r, 560, 580, 330, 0.1, 9, 1.18, d.tilt);
    const pts = smoothPts(loop, true);
    const open = pts.slice(3, pts.length - 2);
    svg.add(prop(svg, r, d, 1020, 1030, 130));
    svg.add(chain(svg, open, 10, m));
    const e = at(open, open.length - 1);
    svg.add(clasp(svg, e[0], e[1], 18, 60, m));
    svg.add(ankletCharms(svg, d, open, 1.15, 120));
  }
}

// -- pendant ------------------------------------------------------------------------------

function pendant(svg: Svg, d: Design, x: number, y: number, s: number): string {
  const r = mulberry32(d.seed + 13);
  const m = d.metal;
  const out: string[] = [];
  switch (d.style) {
    case 1: {
      // pearl nestled in a steel scallop shell
      // hinge at the bottom, fan opening upward, hung from the top of the fan
      out.push(jumpRing(x, y + 6 * s, 8 * s, m));
      out.push(scallop(svg, x, y + 128 * s, 110 * s, 0, m.light, m.dark));
      out.push(pearl(svg, x, y + 92 * s, 44 * s, d.tone, "none"));
      break;
    }
    case 2: {
      const b = bail(svg, x, y, 60 * s, m);
      out.push(pearl(svg, x, b.pearlY, 60 * s, d.tone), b.parts);
      out.push(
        keishi(svg, r, x - 44 * s, y + 40 * s, 18 * s, d.ktone),
        keishi(svg, r, x + 44 * s, y + 42 * s, 16 * s, d.ktone),
      );
      out.push(keishi(svg, r, x + 20 * s, y + 22 * s, 12 * s, d.ktone));
      break;
    }
    case 3: {
      // pearl suspended inside a polished steel circle
      const c: P = [x, y + 112 * s];
      out.push(jumpRing(x, y + 4 * s, 8 * s, m));
      out.push(circle(c[0] + 10 * s, c[1] + 14 * s, 100 * s, "none", stroke("#2a211c", 10 * s, 0.13)));
      out.push(circle(...c, 100 * s, "none", stroke(m.dark, 12 * s, 0.8)));
      out.push(circle(...c, 100 * s, "none", stroke(metalFill(svg, m, 45), 9 * s)));
      out.push(
        path(
          `M${n(c[0] - 86 * s)} ${n(c[1] - 50 * s)}A${n(100 * s)} ${n(100 * s)} 0 0 1 ${n(c[0] - 10 * s)} ${n(c[1] - 99 * s)}`,
          "none",
          stroke(m.hi, 2.4 * s, 0.9),
        ),
      );
      out.push(path(`M${n(x)} ${n(y + 16 * s)}V${n(y + 46 * s)}`, "none", stroke(m.mid, 2.4 * s)));
      out.push(pearl(svg, c[0], c[1] + 6 * s, 50 * s, d.tone, "none"));
      break;
    }
    case 4: {
      // engraved wave disc above the pearl
      const c: P = [x, y + 48 * s];
      out.push(jumpRing(x, y + 4 * s, 8 * s, m));
      out.push(softShadow(svg, c[0] + 8 * s, c[1] + 10 * s, 44 * s, 44 * s, 0.4));
      out.push(circle(...c, 38 * s, metalFill(svg, m, 135), stroke(m.dark, 1.2 * s, 0.6)));
      for (let i = -1; i <= 1; i++) {
        out.push(
          path(
            sinePath(c[0] - 24 * s, c[0] + 14 * s, c[1] + i * 14 * s, 4 * s, 4 * s, i),
            "none",
            stroke(m.dark, 2 * s, 0.55),
          ),
        );
      }
      const b = bail(svg, x, y + 86 * s, 52 * s, m);
      out.push(pearl(svg, x, b.pearlY, 52 * s, d.tone), b.parts);
      break;
    }
    default: {
      const b = bail(svg, x, y, 64 * s, m);
      out.push(pearl(svg, x, b.pearlY, 64 * s, d.tone), b.parts);
    }
  }
  return out.join("");
}

function drawPendentif(svg: Svg, d: Design, view: number, r: Rng): void {
  const m = d.metal;
  if (view === 0) {
    const x = 600;
    const y = 470;
    svg.add(
      chain(
        svg,
        [
          ...cubicPts([150, -40], [250, 200], [480, 400], [x, y], 30),
          ...cubicPts([x, y], [720, 400], [950, 200], [1050, -40], 30),
        ],
        12,
        m,
      ),
    );
    svg.add(pendant(svg, d, x, y - 4, 1.7));
  } else if (view === 1) {
    const x = 600;
    const y = 220;
    svg.add(
      chain(
        svg,
        [
          ...cubicPts([220, -60], [330, 60], [520, 190], [x, y], 20),
          ...cubicPts([x, y], [680, 190], [870, 60], [980, -60], 20),
        ],
        26,
        m,
      ),
    );
    svg.add(pendant(svg, d, x, y - 6, 3.6));
  } else {
    // lying on its side with the chain coiled loosely around
    const coil: P[] = [];
    for (let i = 0; i <= 120; i++) {
      const a = (i / 120) * Math.PI * 3.2 + rand(r, 0, 0.02);
      const rr = 380 - i * 1.5;
      coil.push([600 + Math.cos(a) * rr * 1.05, 600 + Math.sin(a) * rr * 0.85]);
    }
    svg.add(prop(svg, r, d, 1050, 1060, 120));
    svg.add(chain(svg, coil, 12, m));
    const end = at(coil, coil.length - 1);
    svg.add(pendant(svg, d, end[0], end[1] - 6, 1.5));
  }
}

const DRAW: Record<ArtKind, (svg: Svg, d: Design, view: number, r: Rng) => void> = {
  collier: drawCollier,
  bracelet: drawBracelet,
  boucles: drawBoucles,
  bague: drawBague,
  cheville: drawCheville,
  pendentif: drawPendentif,
};

export function renderProductArt(kind: ArtKind, variant: number, view: number): string {
  const v = clampInt(variant);
  const vw = clampInt(view) % 3;
  const d = designFor(kind, v);
  const svg = new Svg(1200, 1200, `p${KINDS.indexOf(kind)}v${v}w${vw}`);
  const r = mulberry32(seedOf("view", kind, v, vw));
  backdrop(svg, r, vw === 2 ? d.bg2 : d.bg, vw === 2 ? d.detail2 : vw === 1 ? "plain" : d.detail);
  DRAW[kind](svg, d, vw, r);
  finish(svg);
  return svg.toString();
}
