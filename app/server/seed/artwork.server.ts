/**
 * Deterministic, dependency-free SVG artwork for the demo shop (seed time only).
 *
 * Everything is drawn with shapes, gradients and a few small blurs — never <text>, so the
 * output does not depend on installed fonts. The same arguments always give the same SVG
 * (seeded mulberry32 PRNG), and every id is prefixed per image because librsvg rejects
 * duplicated ids.
 */

export type ArtKind = "collier" | "bracelet" | "boucles" | "bague" | "cheville" | "pendentif";

// ---------------------------------------------------------------------------------------
// Randomness and small utilities
// ---------------------------------------------------------------------------------------

type Rng = () => number;

/** mulberry32: tiny, fast, good enough for artwork. */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the joined arguments, so every (kind, variant, view) gets its own stream. */
function seedOf(...parts: (string | number)[]): number {
  let h = 2166136261;
  const s = parts.join("|");
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const rand = (r: Rng, a: number, b: number): number => a + (b - a) * r();
const randInt = (r: Rng, a: number, b: number): number => Math.floor(rand(r, a, b + 1));

/** Cyclic, always-defined array access (keeps noUncheckedIndexedAccess happy). */
function at<T>(arr: readonly T[], i: number): T {
  const v = arr[((Math.floor(i) % arr.length) + arr.length) % arr.length];
  if (v === undefined) throw new Error("artwork: empty list");
  return v;
}
const pick = <T>(r: Rng, arr: readonly T[]): T => at(arr, Math.floor(r() * arr.length));

/** Round to one decimal: keeps the SVG small without visible loss. */
const n = (v: number): string => String(Math.round(v * 10) / 10);
const n2 = (v: number): string => String(Math.round(v * 100) / 100);
const clampInt = (v: number): number => (Number.isFinite(v) ? Math.max(0, Math.floor(v)) : 0);

// ---------------------------------------------------------------------------------------
// Colour
// ---------------------------------------------------------------------------------------

function rgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
function hex(r: number, g: number, b: number): string {
  const c = (x: number) =>
    Math.max(0, Math.min(255, Math.round(x)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}
function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return hex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}
const lighten = (c: string, t: number): string => mix(c, "#ffffff", t);
const darken = (c: string, t: number): string => mix(c, "#000000", t);

// ---------------------------------------------------------------------------------------
// SVG document builder
// ---------------------------------------------------------------------------------------

class Svg {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private readonly keyed = new Map<string, string>();
  private next = 0;

  constructor(
    readonly w: number,
    readonly h: number,
    private readonly prefix: string,
  ) {}

  /** Register a definition; with a key it is created once and shared. Returns the id. */
  def(make: (id: string) => string, key?: string): string {
    if (key !== undefined) {
      const hit = this.keyed.get(key);
      if (hit !== undefined) return hit;
    }
    const id = `${this.prefix}${(this.next++).toString(36)}`;
    this.defs.push(make(id));
    if (key !== undefined) this.keyed.set(key, id);
    return id;
  }

  add(...parts: string[]): void {
    for (const p of parts) if (p) this.body.push(p);
  }

  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
      `width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}">` +
      `<defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`
    );
  }
}

type Stop = readonly [offset: number, color: string, opacity?: number];

function stopsXml(stops: readonly Stop[]): string {
  return stops
    .map(([o, c, a]) => {
      const op = a === undefined || a === 1 ? "" : ` stop-opacity="${n2(a)}"`;
      return `<stop offset="${n2(o)}" stop-color="${c}"${op}/>`;
    })
    .join("");
}

interface GradOpts {
  /** Coordinates in user space instead of the shape's bounding box. */
  user?: boolean;
  /** Share the gradient between shapes with the same key. */
  key?: string;
  transform?: string;
}

function linear(
  svg: Svg,
  stops: readonly Stop[],
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  o: GradOpts = {},
): string {
  const id = svg.def((gid) => {
    const units = o.user ? ` gradientUnits="userSpaceOnUse"` : "";
    const tr = o.transform ? ` gradientTransform="${o.transform}"` : "";
    return `<linearGradient id="${gid}" x1="${n2(x1)}" y1="${n2(y1)}" x2="${n2(x2)}" y2="${n2(y2)}"${units}${tr}>${stopsXml(stops)}</linearGradient>`;
  }, o.key);
  return `url(#${id})`;
}

function radial(
  svg: Svg,
  stops: readonly Stop[],
  cx: number,
  cy: number,
  r: number,
  o: GradOpts & { fx?: number; fy?: number } = {},
): string {
  const id = svg.def((gid) => {
    const units = o.user ? ` gradientUnits="userSpaceOnUse"` : "";
    const tr = o.transform ? ` gradientTransform="${o.transform}"` : "";
    const f = o.fx !== undefined && o.fy !== undefined ? ` fx="${n2(o.fx)}" fy="${n2(o.fy)}"` : "";
    return `<radialGradient id="${gid}" cx="${n2(cx)}" cy="${n2(cy)}" r="${n2(r)}"${f}${units}${tr}>${stopsXml(stops)}</radialGradient>`;
  }, o.key);
  return `url(#${id})`;
}

/** Gaussian blur filter, shared per radius. Only used on small shapes (rasterising cost). */
function blur(svg: Svg, std: number): string {
  const id = svg.def(
    (fid) =>
      `<filter id="${fid}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(std)}"/></filter>`,
    `blur${n(std)}`,
  );
  return `url(#${id})`;
}

// Element shorthands -------------------------------------------------------------------

function circle(x: number, y: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra}/>`;
}
function ellipse(x: number, y: number, rx: number, ry: number, fill: string, extra = ""): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
}
function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra}/>`;
}
function path(d: string, fill: string, extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}
function stroke(color: string, width: number, opacity = 1, extra = ""): string {
  const op = opacity < 1 ? ` stroke-opacity="${n2(opacity)}"` : "";
  return ` stroke="${color}" stroke-width="${n(width)}"${op} stroke-linecap="round" stroke-linejoin="round"${extra}`;
}
const op = (o: number): string => (o < 1 ? ` opacity="${n2(o)}"` : "");
const rot = (deg: number, x: number, y: number): string => ` transform="rotate(${n(deg)} ${n(x)} ${n(y)})"`;
const group = (content: string, attrs = ""): string => (content ? `<g${attrs}>${content}</g>` : "");

// ---------------------------------------------------------------------------------------
// Geometry: points, smooth curves, resampling
// ---------------------------------------------------------------------------------------

type P = readonly [number, number];

function cubicPts(a: P, b: P, c: P, d: P, count = 48): P[] {
  const out: P[] = [];
  for (let i = 0; i <= count; i++) {
    const t = i / count;
    const u = 1 - t;
    out.push([
      u * u * u * a[0] + 3 * u * u * t * b[0] + 3 * u * t * t * c[0] + t * t * t * d[0],
      u * u * u * a[1] + 3 * u * u * t * b[1] + 3 * u * t * t * c[1] + t * t * t * d[1],
    ]);
  }
  return out;
}

/** Catmull-Rom through the points, densely sampled (used for chain paths). */
function smoothPts(pts: readonly P[], closed: boolean, per = 14): P[] {
  const out: P[] = [];
  const len = pts.length;
  const segs = closed ? len : len - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = closed ? at(pts, i - 1) : at(pts, Math.max(0, i - 1));
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = closed ? at(pts, i + 2) : at(pts, Math.min(len - 1, i + 2));
    for (let k = 0; k < per; k++) {
      const t = k / per;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number) =>
        0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  out.push(closed ? at(pts, 0) : at(pts, len - 1));
  return out;
}

/** Catmull-Rom as cubic Bézier path data (compact, for outlines). */
function smoothPath(pts: readonly P[], closed: boolean): string {
  const len = pts.length;
  const first = at(pts, 0);
  let d = `M${n(first[0])} ${n(first[1])}`;
  const segs = closed ? len : len - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = closed ? at(pts, i - 1) : at(pts, Math.max(0, i - 1));
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = closed ? at(pts, i + 2) : at(pts, Math.min(len - 1, i + 2));
    const c1: P = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: P = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

function polyPath(pts: readonly P[]): string {
  return pts.map((p, i) => `${i ? "L" : "M"}${n(p[0])} ${n(p[1])}`).join("");
}

/** Points at equal arc length (so chain links are evenly spaced). */
function resample(pts: readonly P[], step: number): P[] {
  const out: P[] = [at(pts, 0)];
  let carry = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = at(pts, i - 1);
    const b = at(pts, i);
    const seg = Math.hypot(b[0] - a[0], b[1] - a[1]);
    let pos = step - carry;
    while (pos <= seg) {
      const t = pos / seg;
      out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
      pos += step;
    }
    carry = seg - (pos - step);
  }
  return out;
}

function pathLength(pts: readonly P[]): number {
  let len = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = at(pts, i - 1);
    const b = at(pts, i);
    len += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return len;
}

/** Point and tangent angle (degrees) at fraction t of the polyline length. */
function pointAt(pts: readonly P[], t: number): { p: P; angle: number } {
  const target = pathLength(pts) * Math.max(0, Math.min(1, t));
  let acc = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = at(pts, i - 1);
    const b = at(pts, i);
    const seg = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (acc + seg >= target && seg > 0) {
      const k = (target - acc) / seg;
      return {
        p: [a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k],
        angle: (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI,
      };
    }
    acc += seg;
  }
  const a = at(pts, pts.length - 2);
  const b = at(pts, pts.length - 1);
  return { p: b, angle: (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI };
}

/** Split a polyline at fraction t (used to keep part of a chain behind a pendant). */
function slicePts(pts: readonly P[], t0: number, t1: number): P[] {
  const total = pathLength(pts);
  const out: P[] = [];
  let acc = 0;
  out.push(pointAt(pts, t0).p);
  for (let i = 1; i < pts.length; i++) {
    const a = at(pts, i - 1);
    const b = at(pts, i);
    acc += Math.hypot(b[0] - a[0], b[1] - a[1]);
    const t = acc / total;
    if (t > t0 && t < t1) out.push(b);
  }
  out.push(pointAt(pts, t1).p);
  return out;
}

function transformPts(pts: readonly P[], cx: number, cy: number, deg: number, s = 1): P[] {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a);
  const si = Math.sin(a);
  return pts.map(([x, y]) => {
    const dx = (x - cx) * s;
    const dy = (y - cy) * s;
    return [cx + dx * c - dy * si, cy + dx * si + dy * c] as P;
  });
}

/** Irregular closed outline around a centre: baroque pearls, pebbles, blobs. */
function blobPts(
  r: Rng,
  x: number,
  y: number,
  radius: number,
  wobble: number,
  count: number,
  stretch = 1,
  deg = 0,
): P[] {
  const a0 = (deg * Math.PI) / 180;
  const pts: P[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const rr = radius * (1 + rand(r, -wobble, wobble));
    const lx = Math.cos(a) * rr * stretch;
    const ly = Math.sin(a) * rr;
    pts.push([x + lx * Math.cos(a0) - ly * Math.sin(a0), y + lx * Math.sin(a0) + ly * Math.cos(a0)]);
  }
  return pts;
}

// ---------------------------------------------------------------------------------------
// Palettes
// ---------------------------------------------------------------------------------------

/** Tahitian pearl body colours with their overtone (ring) and secondary tint. */
interface Tone {
  name: string;
  base: string;
  deep: string;
  over: string;
  tint: string;
}
const TAHITI: readonly Tone[] = [
  { name: "anth", base: "#4a4d56", deep: "#141519", over: "#2f7f70", tint: "#7a4f74" },
  { name: "paon", base: "#2f5a55", deep: "#0e1b1b", over: "#7c5a8c", tint: "#c9a24e" },
  { name: "aub", base: "#5b3d57", deep: "#1b1119", over: "#2f7f70", tint: "#d3a0b0" },
  { name: "argt", base: "#a3a9b0", deep: "#4a4f57", over: "#c9a6cf", tint: "#96cbc2" },
  { name: "pist", base: "#58653f", deep: "#1c2117", over: "#c8a24c", tint: "#2f7f70" },
  { name: "cer", base: "#613c3e", deep: "#1e1213", over: "#2f7f70", tint: "#d9a3a0" },
];

/** Light keishi pearls: white, cream, gold, rosé, silver. */
interface KTone {
  name: string;
  light: string;
  base: string;
  edge: string;
  over: string;
}
const KEISHI: readonly KTone[] = [
  { name: "blc", light: "#ffffff", base: "#f2eee7", edge: "#c9c0b2", over: "#f1c3cd" },
  { name: "crm", light: "#fffaf0", base: "#efe1c5", edge: "#bea77f", over: "#c9e2d4" },
  { name: "or", light: "#fff7dc", base: "#e7c987", edge: "#a5803d", over: "#f6e2b0" },
  { name: "ros", light: "#fff9f7", base: "#f0dad6", edge: "#c0a0a2", over: "#d4cdf0" },
  { name: "gri", light: "#f7f8f9", base: "#d3d7dc", edge: "#8a9098", over: "#ebcfe3" },
];

interface Metal {
  name: string;
  hi: string;
  light: string;
  mid: string;
  dark: string;
}
const STEEL: Metal = { name: "st", hi: "#ffffff", light: "#e6eaee", mid: "#aeb5bc", dark: "#545b63" };
const GOLD: Metal = { name: "au", hi: "#fffbea", light: "#f2dea4", mid: "#cfa957", dark: "#6f521c" };

/** Soft backgrounds: a = lit area, b = falloff, ink = colour of faint details. */
interface Bg {
  name: string;
  a: string;
  b: string;
  ink: string;
}
const BGS: readonly Bg[] = [
  { name: "sable", a: "#faf4ec", b: "#e9dac7", ink: "#c2a888" },
  { name: "ivoire", a: "#fdfbf7", b: "#ece5d9", ink: "#cbbca6" },
  { name: "blush", a: "#fbeeea", b: "#edcfc7", ink: "#d2a196" },
  { name: "ecume", a: "#eef8f5", b: "#c8e3dd", ink: "#86bcb1" },
  { name: "aqua", a: "#eef8f9", b: "#cae6ea", ink: "#82bfc8" },
  { name: "lin", a: "#f4f0ea", b: "#ddd5c9", ink: "#b5a794" },
  { name: "nacre", a: "#f6f1f4", b: "#e2d6de", ink: "#b8a2b3" },
];

const BRAND = {
  ocean: "#0f3d4c",
  lagoon: "#1f7a8c",
  foam: "#cfe8e4",
  sand: "#f4ede4",
  pearl: "#fbf8f3",
  blush: "#f3d9d3",
  anthracite: "#2b2d33",
  peacock: "#2f6f62",
  aubergine: "#5b3a55",
  steel: "#b8bec4",
} as const;

// ---------------------------------------------------------------------------------------
// Shadows
// ---------------------------------------------------------------------------------------

/** Soft elliptical shadow from a shared radial gradient (much cheaper than a blur). */
function softShadow(
  svg: Svg,
  x: number,
  y: number,
  rx: number,
  ry: number,
  opacity: number,
  deg = 0,
): string {
  const g = radial(
    svg,
    [
      [0, "#2a211c", 1],
      [0.45, "#2a211c", 0.6],
      [1, "#2a211c", 0],
    ],
    0.5,
    0.5,
    0.5,
    { key: "shadow" },
  );
  return ellipse(x, y, rx, ry, g, op(opacity) + (deg ? rot(deg, x, y) : ""));
}

// ---------------------------------------------------------------------------------------
// Pearls
// ---------------------------------------------------------------------------------------

type ShadowMode = "top" | "side" | "none";

/** A round Tahitian pearl: dark body, coloured overtone ring, tint, bounce light, highlight. */
function pearl(svg: Svg, x: number, y: number, r: number, tone: Tone, shadow: ShadowMode = "top"): string {
  const out: string[] = [];
  if (shadow === "top") out.push(softShadow(svg, x + r * 0.24, y + r * 0.32, r * 1.18, r * 1.1, 0.5));
  if (shadow === "side") out.push(softShadow(svg, x + r * 0.12, y + r * 0.96, r * 1.1, r * 0.24, 0.6));
  const body = radial(
    svg,
    [
      [0, lighten(tone.base, 0.55)],
      [0.3, tone.base],
      [0.76, tone.deep],
      [1, mix(tone.deep, tone.over, 0.45)],
    ],
    0.44,
    0.4,
    0.62,
    { fx: 0.33, fy: 0.28, key: `pb${tone.name}` },
  );
  out.push(circle(x, y, r, body));
  if (r > 6) {
    // overtone: the coloured ring that makes Tahitian pearls shimmer
    const ring = radial(
      svg,
      [
        [0, tone.over, 0],
        [0.6, tone.over, 0],
        [0.86, tone.over, 0.6],
        [1, tone.over, 0.18],
      ],
      0.5,
      0.5,
      0.5,
      { key: `po${tone.name}` },
    );
    const tint = radial(
      svg,
      [
        [0, tone.tint, 0.55],
        [1, tone.tint, 0],
      ],
      0.72,
      0.78,
      0.48,
      { key: `pt${tone.name}` },
    );
    out.push(circle(x, y, r, ring), circle(x, y, r, tint));
  }
  const glow = radial(
    svg,
    [
      [0, "#ffffff", 1],
      [0.35, "#ffffff", 0.7],
      [1, "#ffffff", 0],
    ],
    0.5,
    0.5,
    0.5,
    { key: "glow" },
  );
  // light bounced from the surface under the pearl
  if (r > 10) out.push(ellipse(x + r * 0.08, y + r * 0.68, r * 0.5, r * 0.17, glow, op(0.2)));
  // window reflection + crisp specular point
  out.push(
    ellipse(
      x - r * 0.33,
      y - r * 0.38,
      r * 0.3,
      r * 0.17,
      glow,
      op(0.85) + rot(-38, x - r * 0.33, y - r * 0.38),
    ),
  );
  out.push(circle(x - r * 0.36, y - r * 0.41, Math.max(0.8, r * 0.065), "#ffffff", op(0.95)));
  if (r > 20)
    out.push(
      ellipse(
        x + r * 0.46,
        y - r * 0.08,
        r * 0.08,
        r * 0.2,
        glow,
        op(0.25) + rot(20, x + r * 0.46, y - r * 0.08),
      ),
    );
  return out.join("");
}

/** A small baroque keishi pearl: irregular outline, creamy lustre, two soft highlights. */
function keishi(
  svg: Svg,
  r: Rng,
  x: number,
  y: number,
  size: number,
  tone: KTone,
  shadow: ShadowMode = "top",
): string {
  const pts = blobPts(r, x, y, size, 0.16, randInt(r, 6, 9), rand(r, 1, 1.35), rand(r, 0, 180));
  const d = smoothPath(pts, true);
  const out: string[] = [];
  if (shadow === "top")
    out.push(softShadow(svg, x + size * 0.25, y + size * 0.35, size * 1.3, size * 1.15, 0.4));
  if (shadow === "side") out.push(softShadow(svg, x + size * 0.1, y + size, size * 1.2, size * 0.25, 0.5));
  const body = radial(
    svg,
    [
      [0, tone.light],
      [0.42, tone.base],
      [0.86, tone.edge],
      [1, mix(tone.edge, tone.over, 0.4)],
    ],
    0.44,
    0.4,
    0.64,
    { fx: 0.34, fy: 0.3, key: `kb${tone.name}` },
  );
  const ring = radial(
    svg,
    [
      [0.55, tone.over, 0],
      [0.85, tone.over, 0.55],
      [1, tone.over, 0.1],
    ],
    0.5,
    0.5,
    0.5,
    { key: `ko${tone.name}` },
  );
  out.push(path(d, body), path(d, ring));
  const glow = radial(
    svg,
    [
      [0, "#ffffff", 1],
      [0.35, "#ffffff", 0.7],
      [1, "#ffffff", 0],
    ],
    0.5,
    0.5,
    0.5,
    { key: "glow" },
  );
  out.push(
    ellipse(
      x - size * 0.3,
      y - size * 0.35,
      size * 0.34,
      size * 0.18,
      glow,
      op(0.9) + rot(-30, x - size * 0.3, y - size * 0.35),
    ),
  );
  if (size > 8) {
    // baroque ridge catching light
    const a = rand(r, -0.5, 0.5);
    out.push(
      path(
        `M${n(x - size * 0.5)} ${n(y + size * (0.1 + a * 0.2))}Q${n(x)} ${n(y + size * (0.45 - a * 0.3))} ${n(x + size * 0.55)} ${n(y + size * 0.05)}`,
        "none",
        stroke("#ffffff", size * 0.09, 0.35),
      ),
    );
  }
  return out.join("");
}

// ---------------------------------------------------------------------------------------
// Metal: chains, jump rings, bails, clasps
// ---------------------------------------------------------------------------------------

/** Banded linear gradient that reads as polished / brushed metal. */
function metalFill(svg: Svg, m: Metal, deg = 90): string {
  const a = (deg * Math.PI) / 180;
  const dx = Math.cos(a) / 2;
  const dy = Math.sin(a) / 2;
  return linear(
    svg,
    [
      [0, m.dark],
      [0.2, m.light],
      [0.34, m.hi],
      [0.52, m.mid],
      [0.74, m.dark],
      [0.88, m.light],
      [1, m.mid],
    ],
    0.5 - dx,
    0.5 - dy,
    0.5 + dx,
    0.5 + dy,
    { key: `mf${m.name}${deg}` },
  );
}

/**
 * A fine cable chain along a path: flat oval links alternating with links seen edge-on.
 * Links are <use> clones of two tiny symbols, which keeps the SVG small.
 */
function chain(svg: Svg, pts: readonly P[], link: number, m: Metal, shadow = true): string {
  const t = Math.max(1.1, link * 0.15);
  const rx = link * 0.5;
  const ry = link * 0.31;
  const key = `${m.name}${n(link)}`;
  const grad = linear(
    svg,
    [
      [0, m.hi],
      [0.3, m.light],
      [0.6, m.mid],
      [1, m.dark],
    ],
    0,
    -ry - t,
    0,
    ry + t,
    { user: true, key: `lg${key}` },
  );
  const flat = svg.def(
    (id) =>
      `<g id="${id}"><ellipse rx="${n(rx)}" ry="${n(ry)}" fill="none"${stroke(m.dark, t * 1.55, 0.75)}/>` +
      `<ellipse rx="${n(rx)}" ry="${n(ry)}" fill="none" stroke="${grad}" stroke-width="${n(t)}"/>` +
      `<path d="M${n(-rx * 0.62)} ${n(-ry * 0.78)}Q0 ${n(-ry * 1.08)} ${n(rx * 0.62)} ${n(-ry * 0.78)}" fill="none"${stroke(m.hi, t * 0.45, 0.9)}/></g>`,
    `lf${key}`,
  );
  const edge = svg.def(
    (id) =>
      `<g id="${id}"><path d="M${n(-rx * 0.95)} 0H${n(rx * 0.95)}" fill="none"${stroke(m.dark, t * 2.1, 0.8)}/>` +
      `<path d="M${n(-rx * 0.95)} 0H${n(rx * 0.95)}" fill="none"${stroke(m.mid, t * 1.4)}/>` +
      `<path d="M${n(-rx * 0.6)} ${n(-t * 0.25)}H${n(rx * 0.6)}" fill="none"${stroke(m.hi, t * 0.45, 0.85)}/></g>`,
    `le${key}`,
  );
  const ps = resample(pts, link * 0.8);
  const out: string[] = [];
  if (shadow && ps.length > 1) {
    out.push(
      path(
        polyPath(ps),
        "none",
        `${stroke("#2a211c", t * 2.4, 0.22)} transform="translate(${n(link * 0.18)} ${n(link * 0.32)})"`,
      ),
    );
  }
  const uses: string[] = [];
  for (let i = 0; i < ps.length; i++) {
    const p = at(ps, i);
    const a = at(ps, Math.max(0, i - 1));
    const b = at(ps, Math.min(ps.length - 1, i + 1));
    const ang = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    uses.push(
      `<use href="#${i % 2 ? edge : flat}" transform="translate(${n(p[0])} ${n(p[1])}) rotate(${Math.round(ang)})"/>`,
    );
  }
  out.push(uses.join(""));
  return out.join("");
}

/** A small round jump ring. */
function jumpRing(svg: Svg, x: number, y: number, r: number, m: Metal, deg = 0): string {
  const w = Math.max(1.2, r * 0.32);
  return (
    ellipse(x, y, r, r * 0.8, "none", stroke(m.dark, w * 1.4, 0.7) + rot(deg, x, y)) +
    ellipse(x, y, r, r * 0.8, "none", stroke(m.mid, w) + rot(deg, x, y)) +
    path(
      `M${n(x - r * 0.7)} ${n(y - r * 0.5)}Q${n(x)} ${n(y - r * 1.05)} ${n(x + r * 0.7)} ${n(y - r * 0.5)}`,
      "none",
      stroke(m.hi, w * 0.4, 0.9) + rot(deg, x, y),
    )
  );
}

/** Bail + cap that hangs a pearl of radius pr below the point (x, y). Returns the pearl centre y. */
function bail(svg: Svg, x: number, y: number, pr: number, m: Metal): { parts: string; pearlY: number } {
  const br = Math.max(4, pr * 0.2);
  const capY = y + br * 1.9;
  const pearlY = capY + pr * 0.92;
  const parts =
    ellipse(x, y + br * 0.9, br * 0.62, br, "none", stroke(m.dark, br * 0.5, 0.7)) +
    ellipse(x, y + br * 0.9, br * 0.62, br, "none", stroke(m.light, br * 0.32)) +
    path(
      `M${n(x - pr * 0.3)} ${n(capY + pr * 0.1)}Q${n(x)} ${n(capY - pr * 0.16)} ${n(x + pr * 0.3)} ${n(capY + pr * 0.1)}Z`,
      metalFill(svg, m, 0),
      stroke(m.dark, Math.max(0.8, pr * 0.02), 0.6),
    );
  return { parts, pearlY };
}

/** Lobster clasp pointing along `deg` from (x, y). */
function clasp(svg: Svg, x: number, y: number, size: number, deg: number, m: Metal): string {
  const s = size;
  const body = `M${n(s * 0.25)} 0C${n(s * 0.3)} ${n(-s * 0.42)} ${n(s * 1.15)} ${n(-s * 0.5)} ${n(s * 1.3)} ${n(-s * 0.05)}C${n(s * 1.35)} ${n(s * 0.25)} ${n(s * 1.05)} ${n(s * 0.42)} ${n(s * 0.62)} ${n(s * 0.32)}C${n(s * 0.4)} ${n(s * 0.26)} ${n(s * 0.26)} ${n(s * 0.16)} ${n(s * 0.25)} 0Z`;
  const inner = `M${n(s * 0.55)} ${n(-s * 0.05)}C${n(s * 0.7)} ${n(-s * 0.22)} ${n(s * 1.05)} ${n(-s * 0.22)} ${n(s * 1.1)} ${n(-s * 0.02)}`;
  return group(
    softShadow(svg, s * 0.8, s * 0.3, s * 0.7, s * 0.35, 0.35) +
      ellipse(0, 0, s * 0.22, s * 0.18, "none", stroke(m.mid, s * 0.08)) +
      path(body, metalFill(svg, m, 80), stroke(m.dark, s * 0.05, 0.8)) +
      path(inner, "none", stroke(m.dark, s * 0.05, 0.7)) +
      path(
        `M${n(s * 0.5)} ${n(-s * 0.25)}Q${n(s * 0.9)} ${n(-s * 0.42)} ${n(s * 1.18)} ${n(-s * 0.2)}`,
        "none",
        stroke(m.hi, s * 0.06, 0.9),
      ),
    ` transform="translate(${n(x)} ${n(y)}) rotate(${n(deg)})"`,
  );
}

/** Scallop shell outline, reused for props, charms and scenes. Hinge at (x, y), opening upward. */
function scallopParts(x: number, y: number, s: number): { outline: string; ribs: string[] } {
  const ribs = 13;
  const spread = 1.3; // radians each side
  let d = `M${n(x - s * 0.16)} ${n(y)}`;
  const ribLines: string[] = [];
  for (let i = 0; i <= ribs; i++) {
    const a = -Math.PI / 2 - spread + (i / ribs) * spread * 2;
    const ex = x + Math.cos(a) * s;
    const ey = y + Math.sin(a) * s * 0.95;
    if (i === 0) d += `L${n(ex)} ${n(ey)}`;
    else {
      const am = a - spread / ribs;
      const bx = x + Math.cos(am) * s * 1.08;
      const by = y + Math.sin(am) * s * 1.03;
      d += `Q${n(bx)} ${n(by)} ${n(ex)} ${n(ey)}`;
    }
    if (i > 0 && i < ribs) ribLines.push(`M${n(x)} ${n(y - s * 0.05)}L${n(ex)} ${n(ey)}`);
  }
  d += `L${n(x + s * 0.16)} ${n(y)}Z`;
  return { outline: d, ribs: ribLines };
}

function scallop(
  svg: Svg,
  x: number,
  y: number,
  s: number,
  deg: number,
  light: string,
  dark: string,
  shadow = true,
): string {
  const { outline, ribs } = scallopParts(x, y, s);
  const fill = radial(
    svg,
    [
      [0, dark],
      [0.55, mix(dark, light, 0.6)],
      [1, light],
    ],
    x,
    y,
    s * 1.05,
    { user: true },
  );
  const ears = `M${n(x - s * 0.34)} ${n(y - s * 0.02)}L${n(x - s * 0.12)} ${n(y - s * 0.22)}L${n(x)} ${n(y - s * 0.05)}L${n(x + s * 0.12)} ${n(y - s * 0.22)}L${n(x + s * 0.34)} ${n(y - s * 0.02)}L${n(x + s * 0.1)} ${n(y + s * 0.06)}L${n(x - s * 0.1)} ${n(y + s * 0.06)}Z`;
  const body =
    (shadow
      ? path(outline, "#2a211c", `${op(0.16)} transform="translate(${n(s * 0.06)} ${n(s * 0.08)})"`)
      : "") +
    path(ears, mix(dark, light, 0.35)) +
    path(outline, fill) +
    path(ribs.join(""), "none", stroke(darken(dark, 0.15), s * 0.022, 0.35)) +
    path(
      ribs.join(""),
      "none",
      `${stroke(lighten(light, 0.5), s * 0.012, 0.5)} transform="translate(${n(s * 0.02)} 0)"`,
    ) +
    path(outline, "none", stroke(darken(dark, 0.1), s * 0.012, 0.35));
  return group(body, rot(deg, x, y - s * 0.5));
}

/** Five-armed starfish with softly rounded arms and a dotted texture. */
function starfish(svg: Svg, r: Rng, x: number, y: number, s: number, deg: number, color: string): string {
  const pts: P[] = [];
  for (let i = 0; i < 10; i++) {
    const a = ((deg + i * 36 - 90) * Math.PI) / 180;
    const rr = i % 2 === 0 ? s * rand(r, 0.92, 1.05) : s * 0.4;
    pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
  }
  const d = smoothPath(pts, true);
  const fill = radial(
    svg,
    [
      [0, lighten(color, 0.25)],
      [0.6, color],
      [1, darken(color, 0.18)],
    ],
    0.45,
    0.42,
    0.6,
  );
  const dots: string[] = [];
  for (let i = 0; i < 5; i++) {
    const a = ((deg + i * 72 - 90) * Math.PI) / 180;
    for (let k = 1; k <= 4; k++) {
      const rr = s * (0.16 + k * 0.17);
      dots.push(
        circle(
          x + Math.cos(a) * rr,
          y + Math.sin(a) * rr,
          s * (0.055 - k * 0.007),
          lighten(color, 0.45),
          op(0.8),
        ),
      );
    }
  }
  return (
    path(d, "#2a211c", `${op(0.18)} transform="translate(${n(s * 0.07)} ${n(s * 0.1)})"`) +
    path(d, fill, stroke(darken(color, 0.2), s * 0.02, 0.4)) +
    dots.join("")
  );
}

/** Smooth pebble with a soft shadow. */
function pebble(svg: Svg, r: Rng, x: number, y: number, s: number, color: string): string {
  const pts = blobPts(r, x, y, s, 0.06, 9, rand(r, 1.2, 1.5), rand(r, -20, 20));
  const fill = radial(
    svg,
    [
      [0, lighten(color, 0.35)],
      [0.7, color],
      [1, darken(color, 0.15)],
    ],
    0.4,
    0.35,
    0.7,
  );
  return (
    softShadow(svg, x + s * 0.15, y + s * 0.25, s * 1.6, s * 1.1, 0.45) + path(smoothPath(pts, true), fill)
  );
}

/** Ceramic trinket dish seen from above. */
function dish(svg: Svg, x: number, y: number, r: number, color: string): string {
  const rim = radial(
    svg,
    [
      [0.8, darken(color, 0.06)],
      [0.9, lighten(color, 0.5)],
      [1, darken(color, 0.12)],
    ],
    0.5,
    0.5,
    0.5,
  );
  const well = radial(
    svg,
    [
      [0, lighten(color, 0.35)],
      [0.75, color],
      [1, darken(color, 0.14)],
    ],
    0.42,
    0.38,
    0.6,
  );
  return (
    softShadow(svg, x + r * 0.1, y + r * 0.14, r * 1.18, r * 1.12, 0.45) +
    circle(x, y, r, rim) +
    circle(x, y, r * 0.82, well)
  );
}

// ---------------------------------------------------------------------------------------
// Product backgrounds
// ---------------------------------------------------------------------------------------

type Detail =
  | "plain"
  | "waves"
  | "ripples"
  | "bubbles"
  | "caustics"
  | "scales"
  | "linen"
  | "shells"
  | "marble"
  | "silk";

function sinePath(
  x0: number,
  x1: number,
  y: number,
  amp: number,
  wave: number,
  phase: number,
  step = 30,
): string {
  const pts: P[] = [];
  for (let x = x0; x <= x1 + step; x += step) pts.push([x, y + Math.sin(x / wave + phase) * amp]);
  return smoothPath(pts, false);
}

function backdrop(svg: Svg, r: Rng, bg: Bg, detail: Detail): void {
  const { w, h } = svg;
  const base = radial(
    svg,
    [
      [0, lighten(bg.a, 0.45)],
      [0.45, bg.a],
      [1, bg.b],
    ],
    rand(r, 0.25, 0.45),
    rand(r, 0.18, 0.35),
    1.05,
  );
  svg.add(rect(0, 0, w, h, base));
  const out: string[] = [];
  switch (detail) {
    case "waves": {
      const count = randInt(r, 6, 9);
      const wave = rand(r, 60, 110);
      for (let i = 0; i < count; i++) {
        const y = (h / count) * (i + rand(r, 0.2, 0.8));
        const amp = rand(r, 8, 22);
        const ph = rand(r, 0, 6);
        out.push(
          path(
            sinePath(-40, w + 40, y, amp, wave, ph),
            "none",
            stroke(bg.ink, rand(r, 1.5, 3.5), rand(r, 0.18, 0.32)),
          ),
        );
        out.push(path(sinePath(-40, w + 40, y + 5, amp, wave, ph), "none", stroke("#ffffff", 2.5, 0.55)));
      }
      break;
    }
    case "ripples": {
      // sand ripples: broad shaded ridge + thin lit crest
      const count = randInt(r, 11, 15);
      const wave = rand(r, 90, 160);
      const tilt = rand(r, -10, 10);
      const lines: string[] = [];
      for (let i = -2; i < count + 2; i++) {
        const y = (h / count) * i + rand(r, -12, 12);
        const amp = rand(r, 10, 26);
        const ph = rand(r, 0, 6) + i * 0.7;
        lines.push(
          path(
            sinePath(-200, w + 200, y + 10, amp, wave, ph, 40),
            "none",
            stroke(bg.b, rand(r, 18, 28), 0.5),
          ),
        );
        lines.push(
          path(sinePath(-200, w + 200, y, amp, wave, ph, 40), "none", stroke("#ffffff", rand(r, 5, 9), 0.55)),
        );
      }
      out.push(group(lines.join(""), rot(tilt, w / 2, h / 2)));
      break;
    }
    case "bubbles": {
      const rim = radial(
        svg,
        [
          [0.6, "#ffffff", 0.05],
          [0.92, "#ffffff", 0.55],
          [1, bg.ink, 0.45],
        ],
        0.5,
        0.5,
        0.5,
        { key: "bubble" },
      );
      const count = randInt(r, 16, 26);
      for (let i = 0; i < count; i++) {
        const br = rand(r, 6, 34) * (r() < 0.15 ? 1.8 : 1);
        const x = rand(r, 0, w);
        const y = rand(r, 0, h);
        out.push(circle(x, y, br, rim), circle(x - br * 0.35, y - br * 0.38, br * 0.16, "#ffffff", op(0.8)));
      }
      break;
    }
    case "caustics": {
      // dancing light on a shallow sandy floor: a network of bright rounded cells
      const cell = rand(r, 120, 160);
      const cells: string[] = [];
      for (let gy = -1; gy <= h / cell + 1; gy++) {
        for (let gx = -1; gx <= w / cell + 1; gx++) {
          const cx = (gx + 0.5 + (gy % 2) * 0.5) * cell + rand(r, -cell * 0.18, cell * 0.18);
          const cy = (gy + 0.5) * cell * 0.9 + rand(r, -cell * 0.18, cell * 0.18);
          cells.push(
            smoothPath(blobPts(r, cx, cy, cell * 0.43, 0.2, 6, rand(r, 0.9, 1.2), rand(r, 0, 180)), true),
          );
        }
      }
      const all = cells.join("");
      out.push(path(all, "none", `${stroke(bg.ink, 7, 0.1)} transform="translate(4 6)"`));
      out.push(path(all, "none", stroke("#ffffff", rand(r, 4, 6), 0.6)));
      break;
    }
    case "scales": {
      const s = rand(r, 70, 96);
      const scale = radial(
        svg,
        [
          [0, bg.a],
          [0.7, lighten(bg.a, 0.5)],
          [1, bg.b],
        ],
        0.5,
        0.2,
        0.9,
      );
      const tile = svg.def(
        (id) =>
          `<pattern id="${id}" width="${n(s)}" height="${n(s * 0.9)}" patternUnits="userSpaceOnUse">` +
          ["-0.5 0", "0.5 0", "0 0.45", "1 0.45", "-0.5 0.9", "0.5 0.9"]
            .map((o) => {
              const [ox, oy] = o.split(" ").map(Number) as [number, number];
              const cx = ox * s + s / 2;
              const cy = oy * s;
              return `<path d="M${n(cx - s / 2)} ${n(cy)}A${n(s / 2)} ${n(s / 2)} 0 0 0 ${n(cx + s / 2)} ${n(cy)}Z" fill="${scale}" stroke="${bg.ink}" stroke-opacity=".45" stroke-width="1.5"/>`;
            })
            .join("") +
          `</pattern>`,
      );
      out.push(rect(0, 0, w, h, `url(#${tile})`, op(0.55)));
      break;
    }
    case "linen": {
      const tile = svg.def(
        (id) =>
          `<pattern id="${id}" width="7" height="7" patternUnits="userSpaceOnUse">` +
          `<path d="M0 1.5H7M0 5H7" stroke="${bg.ink}" stroke-opacity=".18" stroke-width="1.2"/>` +
          `<path d="M2 0V7M5.5 0V7" stroke="#ffffff" stroke-opacity=".35" stroke-width="1"/></pattern>`,
      );
      out.push(rect(0, 0, w, h, `url(#${tile})`));
      // slubs: thicker irregular threads
      for (let i = 0; i < 14; i++) {
        const y = rand(r, 0, h);
        const x = rand(r, -100, w);
        out.push(
          path(`M${n(x)} ${n(y)}h${n(rand(r, 80, 260))}`, "none", stroke(bg.ink, rand(r, 1.5, 3), 0.2)),
        );
      }
      // soft folds
      for (let i = 0; i < 3; i++) {
        const y = rand(r, 0, h);
        out.push(path(sinePath(-50, w + 50, y, 40, 400, rand(r, 0, 6), 60), "none", stroke(bg.b, 60, 0.22)));
      }
      break;
    }
    case "shells": {
      const spots: P[] = [
        [rand(r, 60, 220), rand(r, 80, 260)],
        [w - rand(r, 80, 240), h - rand(r, 80, 240)],
        [w - rand(r, 100, 260), rand(r, 80, 200)],
      ];
      for (const [x, y] of spots.slice(0, randInt(r, 2, 3))) {
        out.push(
          group(scallop(svg, x, y, rand(r, 70, 130), rand(r, -60, 60), bg.a, bg.ink, false), op(0.35)),
        );
      }
      break;
    }
    case "marble": {
      for (let i = 0; i < 7; i++) {
        const pts: P[] = [];
        let x = rand(r, -100, w * 0.6);
        let y = rand(r, -100, h);
        const dx = rand(r, 120, 200);
        for (let k = 0; k < 9; k++) {
          pts.push([x, y]);
          x += dx;
          y += rand(r, -60, 110);
        }
        const d = smoothPath(pts, false);
        out.push(path(d, "none", stroke(bg.ink, rand(r, 14, 30), 0.05)));
        out.push(path(d, "none", stroke(darken(bg.ink, 0.1), rand(r, 0.8, 2.4), rand(r, 0.15, 0.35))));
      }
      break;
    }
    case "silk": {
      const folds = randInt(r, 4, 6);
      const sheen = linear(
        svg,
        [
          [0, "#ffffff", 0],
          [0.45, "#ffffff", 0.55],
          [0.55, bg.b, 0.2],
          [1, bg.b, 0],
        ],
        0,
        0,
        1,
        0,
      );
      for (let i = 0; i < folds; i++) {
        const x = (w / folds) * i + rand(r, -40, 40);
        const fw = rand(r, 140, 260);
        const sk = rand(r, 200, 500);
        out.push(
          path(
            `M${n(x)} -20C${n(x + sk * 0.3)} ${n(h * 0.3)} ${n(x - sk * 0.2)} ${n(h * 0.7)} ${n(x + sk * 0.4)} ${n(h + 20)}H${n(x + sk * 0.4 + fw)}C${n(x + fw - sk * 0.2)} ${n(h * 0.7)} ${n(x + fw + sk * 0.3)} ${n(h * 0.3)} ${n(x + fw)} -20Z`,
            sheen,
          ),
        );
      }
      break;
    }
    case "plain":
      break;
  }
  svg.add(out.join(""));
}

/** Final photographic touch: soft key light from the top left and a faint vignette. */
function finish(svg: Svg, strength = 1): void {
  const vignette = radial(
    svg,
    [
      [0, "#000000", 0],
      [0.62, "#000000", 0],
      [1, "#1d1a18", 0.16 * strength],
    ],
    0.5,
    0.5,
    0.72,
  );
  const key = radial(
    svg,
    [
      [0, "#ffffff", 0.3 * strength],
      [1, "#ffffff", 0],
    ],
    0.15,
    0.1,
    0.6,
  );
  svg.add(rect(0, 0, svg.w, svg.h, key), rect(0, 0, svg.w, svg.h, vignette));
}

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
  // Cycle through lists with co-prime strides so neighbouring variants always differ.
  return {
    kind,
    seed,
    style: (variant + k) % 5,
    tone: at(TAHITI, variant + k * 2),
    ktone: at(KEISHI, variant * 2 + k),
    metal: (variant + k) % 7 === 5 ? GOLD : STEEL,
    bg: at(BGS, variant * 3 + k),
    bg2: at(BGS, variant * 3 + k + 2),
    detail: at(DETAILS_A, variant + k * 3),
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
      const out: string[] = [jumpRing(svg, x, y + 6 * s, 7 * s, m)];
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
      const out: string[] = [jumpRing(svg, x, y + 6 * s, 8 * s, m)];
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
      out.push(jumpRing(svg, q[0], q[1] + 6 * s, 6 * s, d.metal));
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
    svg.add(jumpRing(svg, s0[0], s0[1], 9, m));
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
    ...cubicPts([0, -4], [-4, -70], [10, -150], [48, -150], 20),
    ...cubicPts([48, -150], [86, -150], [92, -100], [84, -30], 16).slice(1),
  ].map(([x, y]) => T(x, y));
  const d = polyPath(pts);
  return (
    path(d, "none", `${stroke("#2a211c", 4.5 * s, 0.14)} transform="translate(${n(6 * s)} ${n(9 * s)})"`) +
    path(d, "none", stroke(m.dark, 4.4 * s, 0.85)) +
    path(d, "none", stroke(m.light, 2.8 * s)) +
    path(polyPath(pts.slice(2, 26)), "none", stroke(m.hi, 1 * s, 0.9)) +
    circle(...T(1, -52), 4.5 * s, metalFill(svg, m, 0), stroke(m.dark, 0.8 * s, 0.6))
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
      out.push(earWire(svg, T, s, m), jumpRing(svg, ...T(0, 4), 7 * s, m));
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
      out.push(jumpRing(svg, bottom[0], bottom[1] + 6 * s, 7 * s, m));
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

function drawBoucles(svg: Svg, d: Design, view: number, r: Rng): void {
  const studs = d.style === 1 || d.style === 4;
  if (view === 0) {
    const y = studs ? 520 : 440;
    const s = studs ? 2.4 : 2.1;
    svg.add(earring(svg, d, { x: 390, y, s, deg: -4 + d.tilt * 0.3, flip: false }, d.seed));
    svg.add(earring(svg, d, { x: 810, y: y + 20, s, deg: 5 + d.tilt * 0.3, flip: true }, d.seed + 1));
  } else if (view === 1) {
    svg.add(
      earring(
        svg,
        d,
        { x: 560, y: studs ? 500 : 390, s: studs ? 5.6 : 4.2, deg: rand(r, -8, 8), flip: false },
        d.seed,
      ),
    );
  } else {
    svg.add(dish(svg, 600, 620, 400, pick(r, ["#f7f1ea", "#eef4f2", "#f5e7e3", "#ecebef"])));
    const y0 = studs ? 560 : 480;
    svg.add(earring(svg, d, { x: 470, y: y0, s: studs ? 2.1 : 1.8, deg: -24, flip: false }, d.seed));
    svg.add(earring(svg, d, { x: 740, y: y0 + 70, s: studs ? 2.1 : 1.8, deg: 18, flip: true }, d.seed + 1));
    svg.add(prop(svg, r, d, 1070, 150, 110));
  }
}

// -- ring ---------------------------------------------------------------------------------

/**
 * Ring band drawn as a stack of stroked ellipses (an extrusion): convincing 3D volume
 * for a dozen cheap shapes. (dx, dy) is the depth direction of the band.
 */
function band(
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
    [
      [0, m.mid],
      [0.25, m.hi],
      [0.5, m.mid],
      [0.8, m.dark],
      [1, m.light],
    ],
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
    svg.add(ringTop(svg, d, cx + 14 * dir, cy - R - thick * 0.2, R / 150, "none"));
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
      out.push(jumpRing(svg, p[0], p[1] + 6 * s, 5 * s, d.metal));
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
      out.push(jumpRing(svg, x, y + 6 * s, 8 * s, m));
      out.push(scallop(svg, x, y + 150 * s, 110 * s, 180, m.light, m.dark));
      out.push(pearl(svg, x, y + 80 * s, 44 * s, d.tone, "none"));
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
      out.push(jumpRing(svg, x, y + 4 * s, 8 * s, m));
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
      out.push(jumpRing(svg, x, y + 4 * s, 8 * s, m));
      out.push(softShadow(svg, c[0] + 8 * s, c[1] + 10 * s, 44 * s, 44 * s, 0.4));
      out.push(circle(...c, 38 * s, metalFill(svg, m, 135), stroke(m.dark, 1.2 * s, 0.6)));
      for (let i = -1; i <= 1; i++) {
        out.push(
          path(
            sinePath(c[0] - 28 * s, c[0] + 28 * s, c[1] + i * 14 * s, 4 * s, 7 * s, i, 4 * s),
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
    svg.add(group(pendant(svg, d, end[0], end[1] - 120, 1.5), ""));
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

// STUBS (temporary)
export function renderHeroArt(index: number): string {
  return renderProductArt("collier", index, 0);
}
export function renderInspirationArt(index: number): string {
  return renderProductArt("collier", index, 0);
}
export function renderEventArt(index: number): string {
  return renderProductArt("collier", index, 0);
}
export function renderStoryArt(name: "creatrice" | "keishi" | "atelier" | "mission"): string {
  return renderProductArt("collier", name.length, 0);
}
export function renderAvatarArt(index: number): string {
  return renderProductArt("collier", index, 0);
}
