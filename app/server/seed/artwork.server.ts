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
const px = (v: number): string => String(Math.round(v));
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

/** Compact gradient stops: "color offset [opacity], …", e.g. S(`#fff 0 .8, ${c} 1`). */
function S(spec: string): Stop[] {
  return spec.split(",").map((part) => {
    const [color = "#000000", offset = "0", opacity] = part.trim().split(/\s+/);
    return opacity === undefined ? [Number(offset), color] : [Number(offset), color, Number(opacity)];
  });
}

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

/** Catmull-Rom as cubic Bézier path data (compact, for outlines); `f` formats numbers. */
function smoothPath(pts: readonly P[], closed: boolean, f: (v: number) => string = n): string {
  const len = pts.length;
  const first = at(pts, 0);
  let d = `M${f(first[0])} ${f(first[1])}`;
  const segs = closed ? len : len - 1;
  for (let i = 0; i < segs; i++) {
    const p0 = closed ? at(pts, i - 1) : at(pts, Math.max(0, i - 1));
    const p1 = at(pts, i);
    const p2 = at(pts, i + 1);
    const p3 = closed ? at(pts, i + 2) : at(pts, Math.min(len - 1, i + 2));
    const c1: P = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: P = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
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
  const g = radial(svg, S(`#2a211c 0 1, #2a211c 0.45 0.6, #2a211c 1 0`), 0.5, 0.5, 0.5, { key: "shadow" });
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
    S(
      `${lighten(tone.base, 0.55)} 0, ${tone.base} 0.3, ${tone.deep} 0.76, ${mix(tone.deep, tone.over, 0.45)} 1`,
    ),
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
      S(`${tone.over} 0 0, ${tone.over} 0.6 0, ${tone.over} 0.86 0.6, ${tone.over} 1 0.18`),
      0.5,
      0.5,
      0.5,
      { key: `po${tone.name}` },
    );
    const tint = radial(svg, S(`${tone.tint} 0 0.55, ${tone.tint} 1 0`), 0.72, 0.78, 0.48, {
      key: `pt${tone.name}`,
    });
    out.push(circle(x, y, r, ring), circle(x, y, r, tint));
  }
  const glow = radial(svg, S(`#ffffff 0 1, #ffffff 0.35 0.7, #ffffff 1 0`), 0.5, 0.5, 0.5, { key: "glow" });
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
    S(`${tone.light} 0, ${tone.base} 0.42, ${tone.edge} 0.86, ${mix(tone.edge, tone.over, 0.4)} 1`),
    0.44,
    0.4,
    0.64,
    { fx: 0.34, fy: 0.3, key: `kb${tone.name}` },
  );
  const ring = radial(
    svg,
    S(`${tone.over} 0.55 0, ${tone.over} 0.85 0.55, ${tone.over} 1 0.1`),
    0.5,
    0.5,
    0.5,
    { key: `ko${tone.name}` },
  );
  out.push(path(d, body), path(d, ring));
  const glow = radial(svg, S(`#ffffff 0 1, #ffffff 0.35 0.7, #ffffff 1 0`), 0.5, 0.5, 0.5, { key: "glow" });
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
    S(
      `${m.dark} 0, ${m.light} 0.2, ${m.hi} 0.34, ${m.mid} 0.52, ${m.dark} 0.74, ${m.light} 0.88, ${m.mid} 1`,
    ),
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
  const grad = linear(svg, S(`${m.hi} 0, ${m.light} 0.3, ${m.mid} 0.6, ${m.dark} 1`), 0, -ry - t, 0, ry + t, {
    user: true,
    key: `lg${key}`,
  });
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
      `<use href="#${i % 2 ? edge : flat}" transform="translate(${px(p[0])} ${px(p[1])}) rotate(${Math.round(ang)})"/>`,
    );
  }
  out.push(uses.join(""));
  return out.join("");
}

/** A small round jump ring. */
function jumpRing(x: number, y: number, r: number, m: Metal, deg = 0): string {
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

/**
 * Scallop shell geometry, hinge at (x, y), opening upward: straight flanks from the hinge,
 * a rounded crown with small scallops, and the rib grooves radiating from the hinge.
 */
function scallopParts(x: number, y: number, s: number): { outline: string; ribs: string[]; grooves: string } {
  const ribs = 15;
  const spread = 1.08; // radians each side of vertical
  const edge = (phi: number): P => {
    const len = s * (0.78 + 0.22 * Math.cos(phi * 1.4));
    return [x + Math.sin(phi) * len, y - Math.cos(phi) * len];
  };
  const start = edge(-spread);
  let d = `M${n(x - s * 0.06)} ${n(y)}L${n(start[0])} ${n(start[1])}`;
  const ribLines: string[] = [];
  let grooves = "";
  let prev = start;
  for (let i = 1; i <= ribs; i++) {
    const phi = -spread + (i / ribs) * spread * 2;
    const e = edge(phi);
    const mid = edge(phi - spread / ribs);
    const bump: P = [x + (mid[0] - x) * 1.05, y + (mid[1] - y) * 1.05];
    d += `Q${n(bump[0])} ${n(bump[1])} ${n(e[0])} ${n(e[1])}`;
    if (i < ribs) ribLines.push(`M${n(x)} ${n(y - s * 0.04)}L${n(e[0])} ${n(e[1])}`);
    // every other groove is shaded to give the ribbed relief
    if (i % 2 === 0)
      grooves += `M${n(x)} ${n(y - s * 0.04)}L${n(prev[0])} ${n(prev[1])}L${n(e[0])} ${n(e[1])}Z`;
    prev = e;
  }
  d += `L${n(x + s * 0.06)} ${n(y)}Z`;
  return { outline: d, ribs: ribLines, grooves };
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
  const { outline, ribs, grooves } = scallopParts(x, y, s);
  const fill = radial(svg, S(`${dark} 0, ${mix(dark, light, 0.65)} 0.5, ${light} 1`), x, y, s, {
    user: true,
  });
  // the two small "ears" either side of the hinge
  const ears = `M${n(x - s * 0.3)} ${n(y - s * 0.06)}L${n(x - s * 0.26)} ${n(y - s * 0.2)}L${n(x)} ${n(y - s * 0.14)}L${n(x + s * 0.26)} ${n(y - s * 0.2)}L${n(x + s * 0.3)} ${n(y - s * 0.06)}L${n(x)} ${n(y + s * 0.04)}Z`;
  const body =
    (shadow
      ? path(outline, "#2a211c", `${op(0.16)} transform="translate(${n(s * 0.06)} ${n(s * 0.08)})"`)
      : "") +
    path(outline, fill) +
    path(grooves, darken(dark, 0.2), op(0.12)) +
    path(ribs.join(""), "none", stroke(darken(dark, 0.15), s * 0.014, 0.3)) +
    path(
      ribs.join(""),
      "none",
      `${stroke(lighten(light, 0.5), s * 0.012, 0.55)} transform="translate(${n(s * 0.018)} 0)"`,
    ) +
    path(ears, mix(dark, light, 0.45), stroke(darken(dark, 0.1), s * 0.01, 0.35)) +
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
    S(`${lighten(color, 0.25)} 0, ${color} 0.6, ${darken(color, 0.18)} 1`),
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
    S(`${lighten(color, 0.35)} 0, ${color} 0.7, ${darken(color, 0.15)} 1`),
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
    S(`${darken(color, 0.06)} 0.8, ${lighten(color, 0.5)} 0.9, ${darken(color, 0.12)} 1`),
    0.5,
    0.5,
    0.5,
  );
  const well = radial(
    svg,
    S(`${lighten(color, 0.35)} 0, ${color} 0.75, ${darken(color, 0.14)} 1`),
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

/**
 * Horizontal sine wave as one Q followed by T commands (a quadratic per half wave):
 * visually a sine, but ~10x more compact than sampled points.
 */
function sinePath(x0: number, x1: number, y: number, amp: number, wave: number, phase: number): string {
  const len = Math.PI * 2 * wave;
  const half = len / 2;
  const tau = Math.PI * 2;
  const start = x0 - ((((phase % tau) + tau) % tau) / tau) * len;
  let d = `M${n(start)} ${n(y)}Q${n(start + half / 2)} ${n(y - amp * 2)} ${n(start + half)} ${n(y)}`;
  for (let x = start + len; x <= x1 + half; x += half) d += `T${n(x)} ${n(y)}`;
  return d;
}

/** Mermaid-scale pattern: rows of overlapping half-discs, offset every other row. */
function scalePattern(
  svg: Svg,
  s: number,
  fill: string,
  edge: string,
  edgeOpacity: number,
  edgeWidth: number,
  deg = 0,
): string {
  const offsets: readonly P[] = [
    [-0.5, 0],
    [0.5, 0],
    [0, 0.45],
    [1, 0.45],
    [-0.5, 0.9],
    [0.5, 0.9],
  ];
  const tr = deg ? ` patternTransform="rotate(${n(deg)})"` : "";
  const id = svg.def(
    (pid) =>
      `<pattern id="${pid}" width="${n(s)}" height="${n(s * 0.9)}" patternUnits="userSpaceOnUse"${tr}>` +
      offsets
        .map(([ox, oy]) => {
          const cx = ox * s + s / 2;
          const cy = oy * s;
          return `<path d="M${n(cx - s / 2)} ${n(cy)}A${n(s / 2)} ${n(s / 2)} 0 0 0 ${n(cx + s / 2)} ${n(cy)}Z" fill="${fill}" stroke="${edge}" stroke-opacity="${n2(edgeOpacity)}" stroke-width="${n(edgeWidth)}"/>`;
        })
        .join("") +
      `</pattern>`,
  );
  return `url(#${id})`;
}

function backdrop(svg: Svg, r: Rng, bg: Bg, detail: Detail): void {
  const { w, h } = svg;
  const base = radial(
    svg,
    S(`${lighten(bg.a, 0.45)} 0, ${bg.a} 0.45, ${bg.b} 1`),
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
          path(sinePath(-200, w + 200, y + 10, amp, wave, ph), "none", stroke(bg.b, rand(r, 18, 28), 0.5)),
        );
        lines.push(
          path(sinePath(-200, w + 200, y, amp, wave, ph), "none", stroke("#ffffff", rand(r, 5, 9), 0.55)),
        );
      }
      out.push(group(lines.join(""), rot(tilt, w / 2, h / 2)));
      break;
    }
    case "bubbles": {
      const rim = radial(svg, S(`#ffffff 0.6 0.05, #ffffff 0.92 0.55, ${bg.ink} 1 0.45`), 0.5, 0.5, 0.5, {
        key: "bubble",
      });
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
      const cell = rand(r, 150, 190);
      const cells: string[] = [];
      for (let gy = -1; gy <= h / cell + 1; gy++) {
        for (let gx = -1; gx <= w / cell + 1; gx++) {
          const cx = (gx + 0.5 + (gy % 2) * 0.5) * cell + rand(r, -cell * 0.18, cell * 0.18);
          const cy = (gy + 0.5) * cell * 0.9 + rand(r, -cell * 0.18, cell * 0.18);
          cells.push(
            smoothPath(blobPts(r, cx, cy, cell * 0.43, 0.2, 6, rand(r, 0.9, 1.2), rand(r, 0, 180)), true, px),
          );
        }
      }
      // defined once, drawn twice (soft shade + bright line) through <use>
      const net = svg.def((id) => `<path id="${id}" d="${cells.join("")}" fill="none"/>`);
      out.push(`<use href="#${net}"${stroke(bg.ink, 6, 0.07)} transform="translate(4 6)"/>`);
      out.push(`<use href="#${net}"${stroke("#ffffff", rand(r, 3, 5), 0.55)}/>`);
      break;
    }
    case "scales": {
      const s = rand(r, 70, 96);
      const scale = radial(svg, S(`${bg.a} 0, ${lighten(bg.a, 0.5)} 0.7, ${bg.b} 1`), 0.5, 0.2, 0.9);
      const tile = scalePattern(svg, s, scale, bg.ink, 0.45, 1.5);
      out.push(rect(0, 0, w, h, tile, op(0.4)));
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
        out.push(path(sinePath(-50, w + 50, y, 40, 400, rand(r, 0, 6)), "none", stroke(bg.b, 60, 0.22)));
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
        S(`#ffffff 0 0, #ffffff 0.45 0.55, ${bg.b} 0.55 0.2, ${bg.b} 1 0`),
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
    S(`#000000 0 0, #000000 0.62 0, #1d1a18 1 ${0.16 * strength}`),
    0.5,
    0.5,
    0.72,
  );
  const key = radial(svg, S(`#ffffff 0 ${0.3 * strength}, #ffffff 1 0`), 0.15, 0.1, 0.6);
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

// ---------------------------------------------------------------------------------------
// Scene building blocks (heroes, inspiration, events, stories, avatars)
// ---------------------------------------------------------------------------------------

const vertical = (svg: Svg, stops: readonly Stop[]): string => linear(svg, stops, 0, 0, 0, 1);

/** Radial light (sun, moon, lamp): cheaper and softer than a blur. */
function glow(svg: Svg, x: number, y: number, r: number, color: string, alpha: number): string {
  const g = radial(
    svg,
    [
      [0, color, alpha],
      [0.35, color, alpha * 0.45],
      [1, color, 0],
    ],
    0.5,
    0.5,
    0.5,
    { key: `gl${color}${n2(alpha)}` },
  );
  return circle(x, y, r, g);
}

/** Long soft cloud made of a few overlapping faded ellipses. */
function cloud(svg: Svg, r: Rng, x: number, y: number, w: number, color: string, alpha: number): string {
  const g = radial(
    svg,
    [
      [0, color, 1],
      [1, color, 0],
    ],
    0.5,
    0.5,
    0.5,
    { key: `cl${color}` },
  );
  const out: string[] = [];
  for (let i = 0; i < 5; i++) {
    out.push(
      ellipse(
        x + rand(r, -w / 2, w / 2),
        y + rand(r, -w * 0.04, w * 0.04),
        rand(r, w * 0.25, w * 0.5),
        rand(r, w * 0.04, w * 0.09),
        g,
        op(alpha),
      ),
    );
  }
  return out.join("");
}

/** Glints of light on water, denser near the horizon and wider towards the viewer. */
function shimmer(
  r: Rng,
  cx: number,
  spread: number,
  y0: number,
  y1: number,
  color: string,
  count: number,
  alpha: number,
): string {
  const bands = ["", "", ""];
  for (let i = 0; i < count; i++) {
    const t = r() ** 1.6;
    const y = y0 + (y1 - y0) * t;
    const x = cx + ((r() + r() + r() - 1.5) / 1.5) * spread * (0.25 + t);
    const len = (8 + r() * 40) * (0.4 + t * 1.8);
    const b = Math.min(2, Math.floor(t * 3));
    bands[b] += `M${n(x - len / 2)} ${n(y)}h${n(len)}`;
  }
  return bands
    .map((d, i) => (d ? path(d, "none", stroke(color, 1.5 + i * 2, alpha * (0.7 + i * 0.15))) : ""))
    .join("");
}

/** Little wave crests scattered over a sea, in perspective. */
function waveTicks(
  r: Rng,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  color: string,
  count: number,
  alpha: number,
): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const t = r() ** 1.4;
    const y = y0 + (y1 - y0) * t;
    const size = 8 + 90 * t;
    const x = rand(r, x0 - 40, x1);
    d += `M${n(x)} ${n(y)}q${n(size / 2)} ${n(-size * 0.1)} ${n(size)} 0`;
  }
  return path(d, "none", stroke(color, 2, alpha));
}

/** Distant island / headland silhouette. */
function ridge(
  r: Rng,
  x0: number,
  x1: number,
  base: number,
  height: number,
  bumps: number,
  color: string,
  alpha = 1,
): string {
  const pts: P[] = [];
  for (let i = 0; i <= bumps; i++) {
    const t = i / bumps;
    pts.push([x0 + (x1 - x0) * t, base - height * Math.sin(Math.PI * t) ** 0.7 * rand(r, 0.65, 1)]);
  }
  return path(`${smoothPath(pts, false)}L${n(x1)} ${n(base + 2)}L${n(x0)} ${n(base + 2)}Z`, color, op(alpha));
}

/** Coconut palm silhouette: tapered curved trunk and drooping fronds. */
function palm(r: Rng, x: number, y: number, h: number, lean: number, color: string): string {
  const crown: P = [x + lean, y - h];
  const ctrl: P = [x + lean * 0.1, y - h * 0.55];
  const left: P[] = [];
  const right: P[] = [];
  for (let i = 0; i <= 12; i++) {
    const t = i / 12;
    const u = 1 - t;
    const px = u * u * x + 2 * u * t * ctrl[0] + t * t * crown[0];
    const py = u * u * y + 2 * u * t * ctrl[1] + t * t * crown[1];
    const wdt = h * (0.032 - t * 0.016);
    left.push([px - wdt, py]);
    right.push([px + wdt, py]);
  }
  let d = `${polyPath(left)}${polyPath(right.reverse()).replace("M", "L")}Z`;
  const fronds = randInt(r, 7, 9);
  for (let i = 0; i < fronds; i++) {
    const a = (-180 + (i / (fronds - 1)) * 180 + rand(r, -10, 10)) * (Math.PI / 180);
    const len = h * rand(r, 0.34, 0.48);
    const tip: P = [crown[0] + Math.cos(a) * len, crown[1] + Math.sin(a) * len * 0.55 + len * 0.38];
    const mid: P = [crown[0] + Math.cos(a) * len * 0.55, crown[1] + Math.sin(a) * len * 0.55 - len * 0.1];
    const wd = len * 0.11;
    d += `M${n(crown[0])} ${n(crown[1])}Q${n(mid[0])} ${n(mid[1] - wd)} ${n(tip[0])} ${n(tip[1])}Q${n(mid[0])} ${n(mid[1] + wd)} ${n(crown[0])} ${n(crown[1] + 2)}Z`;
  }
  return path(d, color);
}

/** Long light shafts through water, fanning out from a point above the surface. */
function rays(svg: Svg, r: Rng, count: number, x0: number, x1: number, h: number, alpha: number): string {
  const g = vertical(svg, S(`#ffffff 0 ${alpha}, #ffffff 0.7 ${alpha * 0.25}, #ffffff 1 0`));
  const sx = (x0 + x1) / 2 + rand(r, -200, 200);
  const depth = h * 0.9;
  let d = "";
  for (let i = 0; i < count; i++) {
    const x = rand(r, x0, x1);
    const tw = rand(r, 14, 60);
    const bx = (px: number) => px + ((px - sx) * h) / depth;
    d += `M${n(x)} -5H${n(x + tw)}L${n(bx(x + tw))} ${n(h)}H${n(bx(x))}Z`;
  }
  return path(d, g);
}

function bubbleColumn(
  svg: Svg,
  r: Rng,
  x: number,
  y0: number,
  y1: number,
  count: number,
  rmax: number,
): string {
  const rim = radial(svg, S(`#ffffff 0.55 0.04, #ffffff 0.9 0.5, #ffffff 1 0.2`), 0.5, 0.5, 0.5, {
    key: "bubblew",
  });
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = r();
    const br = rmax * (0.25 + 0.75 * t) * rand(r, 0.6, 1);
    const bx = x + Math.sin(t * 9 + i) * rmax * 1.4 + rand(r, -rmax, rmax);
    const by = y1 - (y1 - y0) * (1 - t) - rand(r, 0, 20);
    out.push(circle(bx, by, br, rim), circle(bx - br * 0.35, by - br * 0.38, br * 0.18, "#ffffff", op(0.7)));
  }
  return out.join("");
}

function seagrass(r: Rng, x: number, base: number, h: number, color: string, count: number): string {
  let d = "";
  for (let i = 0; i < count; i++) {
    const bx = x + rand(r, -h * 0.2, h * 0.2);
    const bh = h * rand(r, 0.5, 1);
    const sway = rand(r, -0.35, 0.35) * bh;
    const w = bh * 0.05;
    const tip: P = [bx + sway, base - bh];
    d += `M${n(bx - w)} ${n(base)}Q${n(bx - w + sway * 0.2)} ${n(base - bh * 0.6)} ${n(tip[0])} ${n(tip[1])}Q${n(bx + w + sway * 0.4)} ${n(base - bh * 0.55)} ${n(bx + w)} ${n(base)}Z`;
  }
  return path(d, color);
}

/** Branching coral: a few stems from the base, recursive strokes grouped per depth. */
function coral(r: Rng, x: number, y: number, len: number, width: number, color: string, depth = 4): string {
  const levels: string[] = [];
  const tips: P[] = [];
  const grow = (px: number, py: number, l: number, ang: number, lv: number) => {
    const bend = rand(r, -14, 14);
    const a1 = ((ang + bend) * Math.PI) / 180;
    const ex = px + Math.cos(a1) * l;
    const ey = py + Math.sin(a1) * l;
    const cx = px + Math.cos((ang * Math.PI) / 180) * l * 0.5;
    const cy = py + Math.sin((ang * Math.PI) / 180) * l * 0.5;
    levels[lv] = `${levels[lv] ?? ""}M${n(px)} ${n(py)}Q${n(cx)} ${n(cy)} ${n(ex)} ${n(ey)}`;
    if (lv >= depth) {
      tips.push([ex, ey]);
      return;
    }
    const kids = r() < 0.3 ? 3 : 2;
    for (let k = 0; k < kids; k++) {
      const spread = kids === 3 ? (k - 1) * 34 : (k ? 1 : -1) * rand(r, 22, 40);
      // branches bend back towards vertical, like a sea fan
      const target = ang + bend + spread;
      grow(ex, ey, l * rand(r, 0.68, 0.82), target + (-90 - target) * 0.25, lv + 1);
    }
  };
  for (const base of [-34, 0, 34])
    grow(x + base * 0.4, y, len * rand(r, 0.45, 0.7), -90 + base + rand(r, -8, 8), 0);
  const out = levels.map((d, lv) => path(d, "none", stroke(color, width * 0.74 ** lv)));
  out.push(
    path(
      tips.map(([tx, ty]) => `M${n(tx)} ${n(ty)}h.1`).join(""),
      "none",
      stroke(lighten(color, 0.3), width * 0.74 ** depth * 1.8),
    ),
  );
  return out.join("");
}

function fish(x: number, y: number, s: number, dir: 1 | -1): string {
  const e = (v: number) => n(x + v * dir);
  return `M${e(-s)} ${n(y)}Q${e(0)} ${n(y - s * 0.5)} ${e(s)} ${n(y)}Q${e(0)} ${n(y + s * 0.5)} ${e(-s)} ${n(y)}ZM${e(-s * 0.85)} ${n(y)}L${e(-s * 1.5)} ${n(y - s * 0.35)}L${e(-s * 1.4)} ${n(y)}L${e(-s * 1.5)} ${n(y + s * 0.35)}Z`;
}

/**
 * Open black-lip oyster (Pinctada margaritifera, the Tahitian pearl oyster) in 3/4 view:
 * the upper valve lifted behind, the lower valve a shallow nacre bowl. The pearl goes
 * between `back` and `front` so the bowl's front lip hides its base.
 */
function oyster(svg: Svg, r: Rng, x: number, y: number, s: number): { back: string; front: string; seat: P } {
  const shell = linear(svg, S(`#9c8f80 0, #6e645a 0.6, #463f3a 1`), 0, 0, 0, 1, { key: "oysterShell" });
  const nacre = radial(
    svg,
    S(`#fbf8f3 0, #e4eeec 0.3, #dccfe4 0.58, #9fbdb7 0.82, #4a5257 1`),
    0.45,
    0.4,
    0.65,
    { fx: 0.35, fy: 0.3, key: "oysterNacre" },
  );
  // upper valve: rough outer edge, nacre inside, dark lip
  const top = blobPts(r, x, y - s * 0.68, s * 0.9, 0.05, 16, 1.12, 0).map(
    ([px, py]) => [px, y - s * 0.68 + (py - (y - s * 0.68)) * 0.7] as P,
  );
  const topInner = top.map(
    ([px, py]) => [x + (px - x) * 0.88, y - s * 0.66 + (py - (y - s * 0.68)) * 0.86] as P,
  );
  let growth = "";
  for (let k = 1; k <= 3; k++)
    growth += `M${n(x - s * (1.15 - k * 0.08))} ${n(y + s * 0.05 * k)}Q${n(x)} ${n(y + s * (0.3 + k * 0.1))} ${n(x + s * (1.15 - k * 0.08))} ${n(y + s * 0.05 * k)}`;
  const back =
    softShadow(svg, x + s * 0.12, y + s * 0.62, s * 1.35, s * 0.3, 0.6) +
    path(smoothPath(top, true), shell) +
    path(smoothPath(topInner, true), nacre, stroke("#2b2d33", s * 0.05, 0.8)) +
    path(
      `M${n(x - s * 0.55)} ${n(y - s * 0.8)}Q${n(x)} ${n(y - s * 1.05)} ${n(x + s * 0.55)} ${n(y - s * 0.82)}`,
      "none",
      stroke("#f3d9d3", s * 0.035, 0.4),
    ) +
    ellipse(x, y, s * 1.12, s * 0.32, shell) +
    ellipse(x, y, s, s * 0.26, nacre, stroke("#2b2d33", s * 0.05, 0.85));
  const front =
    path(
      `M${n(x - s * 1.12)} ${n(y)}A${n(s * 1.12)} ${n(s * 0.32)} 0 0 0 ${n(x + s * 1.12)} ${n(y)}C${n(x + s * 1.02)} ${n(y + s * 0.75)} ${n(x - s * 1.02)} ${n(y + s * 0.75)} ${n(x - s * 1.12)} ${n(y)}Z`,
      shell,
    ) +
    path(growth, "none", stroke("#d8cdbf", s * 0.014, 0.35)) +
    path(
      `M${n(x - s)} ${n(y)}A${n(s)} ${n(s * 0.26)} 0 0 0 ${n(x + s)} ${n(y)}`,
      "none",
      stroke("#2b2d33", s * 0.06, 0.85),
    );
  return { back, front, seat: [x + s * 0.08, y + s * 0.04] };
}

/** Glossy cowrie shell seen from above. */
function cowrie(svg: Svg, x: number, y: number, s: number, deg: number, color: string): string {
  const fill = radial(
    svg,
    S(`${lighten(color, 0.6)} 0, ${color} 0.55, ${darken(color, 0.3)} 1`),
    0.42,
    0.38,
    0.62,
    { key: `cw${color}` },
  );
  return group(
    softShadow(svg, x + s * 0.12, y + s * 0.15, s * 1.1, s * 0.75, 0.45) +
      ellipse(x, y, s, s * 0.66, fill) +
      ellipse(x - s * 0.2, y - s * 0.28, s * 0.45, s * 0.12, "#ffffff", op(0.55)) +
      circle(x + s * 0.3, y + s * 0.1, s * 0.06, darken(color, 0.35), op(0.5)) +
      circle(x - s * 0.1, y + s * 0.25, s * 0.05, darken(color, 0.35), op(0.5)) +
      circle(x + s * 0.05, y - s * 0.05, s * 0.07, darken(color, 0.35), op(0.4)),
    rot(deg, x, y),
  );
}

/** Graduated strand of pearls along a path. */
function pearlStrand(svg: Svg, pts: readonly P[], r0: number, r1: number, tone: Tone, count: number): string {
  const out: string[] = [path(polyPath(pts), "none", stroke("#d8d2c8", 2, 0.6))];
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const { p } = pointAt(pts, t);
    const rr = r0 + (r1 - r0) * (1 - Math.abs(t - 0.5) * 2);
    out.push(pearl(svg, p[0], p[1], rr, tone));
  }
  return out.join("");
}

/** Wooden board with grain and plank seams. */
function wood(
  svg: Svg,
  r: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  planks = 3,
): string {
  const out: string[] = [
    rect(x, y, w, h, linear(svg, S(`${lighten(color, 0.12)} 0, ${darken(color, 0.08)} 1`), 0, 0, 1, 1)),
  ];
  let grain = "";
  for (let i = 0; i < Math.round(h / 12); i++) {
    const gy = y + rand(r, 0, h);
    const x0 = x + rand(r, -200, w * 0.6);
    const amp = rand(r, 1, 5);
    grain += `M${n(x0)} ${n(gy)}q${n(rand(r, 100, 300))} ${n(amp)} ${n(rand(r, 300, 700))} ${n(rand(r, -4, 4))}`;
  }
  out.push(path(grain, "none", stroke(darken(color, 0.35), 1.4, 0.16)));
  for (let i = 1; i < planks; i++) {
    const py = y + (h / planks) * i;
    out.push(path(`M${n(x)} ${n(py)}H${n(x + w)}`, "none", stroke(darken(color, 0.4), 3, 0.35)));
    out.push(path(`M${n(x)} ${n(py + 2.5)}H${n(x + w)}`, "none", stroke(lighten(color, 0.4), 1.5, 0.4)));
  }
  return out.join("");
}

/** Jewellery pliers (top view), pivot at (x, y), jaws pointing along `deg`. */
function pliers(
  svg: Svg,
  x: number,
  y: number,
  s: number,
  deg: number,
  grip: string,
  m: Metal = STEEL,
): string {
  const jaws = `M${n(s * 0.05)} ${n(-s * 0.09)}L${n(-s * 0.62)} ${n(-s * 0.03)}Q${n(-s * 0.68)} 0 ${n(-s * 0.62)} ${n(s * 0.03)}L${n(s * 0.05)} ${n(s * 0.09)}Z`;
  const handle = (k: 1 | -1) =>
    `M${n(s * 0.08)} ${n(k * s * 0.05)}Q${n(s * 0.7)} ${n(k * s * 0.12)} ${n(s * 1.45)} ${n(k * s * 0.34)}Q${n(s * 1.55)} ${n(k * s * 0.34)} ${n(s * 1.52)} ${n(k * s * 0.24)}Q${n(s * 0.75)} ${n(k * s * 0.02)} ${n(s * 0.12)} ${n(-k * s * 0.02)}Z`;
  const all = jaws + handle(1) + handle(-1);
  const gripFill = linear(
    svg,
    S(`${lighten(grip, 0.3)} 0, ${grip} 0.5, ${darken(grip, 0.3)} 1`),
    0,
    0,
    0,
    1,
    { key: `grip${grip}` },
  );
  return group(
    path(all, "#2a211c", `${op(0.22)} transform="translate(${n(s * 0.04)} ${n(s * 0.07)})"`) +
      path(jaws, metalFill(svg, m, 90)) +
      path(handle(1), gripFill) +
      path(handle(-1), gripFill) +
      circle(0, 0, s * 0.07, metalFill(svg, m, 45), stroke(m.dark, s * 0.01, 0.6)),
    ` transform="translate(${n(x)} ${n(y)}) rotate(${n(deg)})"`,
  );
}

/** Spool of chain seen from above: flange, wound chain rings, centre hole. */
function spool(svg: Svg, x: number, y: number, rad: number, flange: string, m: Metal = STEEL): string {
  const fl = radial(
    svg,
    S(`${lighten(flange, 0.2)} 0, ${flange} 0.85, ${darken(flange, 0.25)} 1`),
    0.45,
    0.42,
    0.6,
    { key: `fl${flange}` },
  );
  const out = [
    softShadow(svg, x + rad * 0.12, y + rad * 0.16, rad * 1.15, rad * 1.1, 0.5),
    circle(x, y, rad, fl),
  ];
  for (let k = 0; k < 5; k++) {
    const rr = rad * (0.82 - k * 0.09);
    out.push(
      circle(x, y, rr, "none", ` stroke="${m.dark}" stroke-width="${n(rad * 0.06)}" stroke-opacity=".5"`),
    );
    out.push(
      circle(
        x,
        y,
        rr,
        "none",
        ` stroke="${m.light}" stroke-width="${n(rad * 0.04)}" stroke-dasharray="${n(rad * 0.05)} ${n(rad * 0.03)}"`,
      ),
    );
  }
  out.push(circle(x, y, rad * 0.28, darken(flange, 0.15)), circle(x, y, rad * 0.12, "#2a211c", op(0.7)));
  return out.join("");
}

/** A dish holding loose pearls. */
function pearlDish(
  svg: Svg,
  r: Rng,
  x: number,
  y: number,
  rad: number,
  color: string,
  fillWith: "tahiti" | "keishi",
): string {
  const out = [dish(svg, x, y, rad, color)];
  const count = Math.round(rad / 9);
  const items: [number, number][] = [];
  for (let i = 0; i < count * 3 && items.length < count; i++) {
    const a = rand(r, 0, Math.PI * 2);
    const d = Math.sqrt(r()) * rad * 0.6;
    const px = x + Math.cos(a) * d;
    const py = y + Math.sin(a) * d;
    if (items.every(([qx, qy]) => Math.hypot(qx - px, qy - py) > rad * 0.17)) items.push([px, py]);
  }
  items.sort((a, b) => a[1] - b[1]);
  for (const [px, py] of items) {
    out.push(
      fillWith === "tahiti"
        ? pearl(svg, px, py, rad * rand(r, 0.085, 0.1), pick(r, TAHITI))
        : keishi(svg, r, px, py, rad * rand(r, 0.06, 0.085), pick(r, KEISHI)),
    );
  }
  return out.join("");
}

/** Striped market awning with a scalloped valance; (x, y) is its top-left corner. */
function awning(x: number, y: number, w: number, h: number, a: string, b: string, stripes: number): string {
  const sw = w / stripes;
  let da = "";
  let db = "";
  for (let i = 0; i < stripes; i++) {
    const x0 = x + i * sw;
    const strip = `M${n(x0)} ${n(y)}H${n(x0 + sw)}V${n(y + h)}H${n(x0)}Z`;
    if (i % 2) db += strip;
    else da += strip;
  }
  let valA = "";
  let valB = "";
  for (let i = 0; i < stripes; i++) {
    const x0 = x + i * sw;
    const arc = `M${n(x0)} ${n(y + h)}A${n(sw / 2)} ${n(sw * 0.45)} 0 0 0 ${n(x0 + sw)} ${n(y + h)}Z`;
    if (i % 2) valB += arc;
    else valA += arc;
  }
  return (
    path(da + valA, a) +
    path(db + valB, b) +
    path(`M${n(x)} ${n(y + h * 0.18)}H${n(x + w)}`, "none", stroke("#000000", 3, 0.08)) +
    path(`M${n(x)} ${n(y)}H${n(x + w)}`, "none", stroke(darken(a, 0.3), 5, 0.6))
  );
}

/** Sagging string between two points with little flags. */
function bunting(
  r: Rng,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  sag: number,
  colors: readonly string[],
): string {
  const pts = cubicPts(
    [x0, y0],
    [x0 + (x1 - x0) / 3, y0 + sag],
    [x0 + ((x1 - x0) * 2) / 3, y1 + sag],
    [x1, y1],
    40,
  );
  const out = [path(polyPath(pts), "none", stroke("#5f5a55", 2, 0.7))];
  const flags = resample(pts, 46);
  const byColor = new Map<string, string>();
  flags.forEach(([fx, fy], i) => {
    if (i === 0) return;
    const c = at(colors, i + Math.floor(r() * 0.2));
    byColor.set(
      c,
      `${byColor.get(c) ?? ""}M${n(fx - 15)} ${n(fy)}L${n(fx + 15)} ${n(fy)}L${n(fx + rand(r, -2, 2))} ${n(fy + 36)}Z`,
    );
  });
  for (const [c, d] of byColor) out.push(path(d, c));
  return out.join("");
}

/** String of warm bulbs for evening scenes. */
function stringLights(
  svg: Svg,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  sag: number,
  count: number,
): string {
  const pts = cubicPts(
    [x0, y0],
    [x0 + (x1 - x0) / 3, y0 + sag],
    [x0 + ((x1 - x0) * 2) / 3, y1 + sag],
    [x1, y1],
    40,
  );
  const out = [path(polyPath(pts), "none", stroke("#2c2622", 1.6, 0.8))];
  for (let i = 1; i < count; i++) {
    const { p } = pointAt(pts, i / count);
    out.push(glow(svg, p[0], p[1] + 8, 34, "#ffd79a", 0.55), circle(p[0], p[1] + 8, 5, "#fff4d6"));
  }
  return out.join("");
}

/** Display bust (velvet) with a pendant necklace on it; (x, y) = centre of its base. */
function bust(svg: Svg, x: number, y: number, h: number, color: string, tone: Tone): string {
  const w = h * 0.8;
  const X = (k: number) => n(x + w * k);
  const Y = (k: number) => n(y - h * k);
  // torso with sloping shoulders and a slim neck cut at the top
  const d =
    `M${X(-0.36)} ${Y(0)}C${X(-0.4)} ${Y(0.3)} ${X(-0.56)} ${Y(0.5)} ${X(-0.42)} ${Y(0.62)}` +
    `C${X(-0.3)} ${Y(0.72)} ${X(-0.14)} ${Y(0.7)} ${X(-0.11)} ${Y(0.78)}L${X(-0.1)} ${Y(0.98)}` +
    `Q${X(0)} ${Y(1.03)} ${X(0.1)} ${Y(0.98)}L${X(0.11)} ${Y(0.78)}C${X(0.14)} ${Y(0.7)} ${X(0.3)} ${Y(0.72)} ${X(0.42)} ${Y(0.62)}` +
    `C${X(0.56)} ${Y(0.5)} ${X(0.4)} ${Y(0.3)} ${X(0.36)} ${Y(0)}Z`;
  const fill = linear(
    svg,
    S(`${lighten(color, 0.25)} 0, ${color} 0.45, ${darken(color, 0.35)} 1`),
    0,
    0,
    1,
    0,
  );
  const neckY = y - h * 0.76;
  const left = cubicPts(
    [x - w * 0.11, neckY],
    [x - w * 0.16, y - h * 0.55],
    [x - w * 0.06, y - h * 0.42],
    [x, y - h * 0.42],
    20,
  );
  const right = cubicPts(
    [x, y - h * 0.42],
    [x + w * 0.06, y - h * 0.42],
    [x + w * 0.16, y - h * 0.55],
    [x + w * 0.11, neckY],
    20,
  );
  return (
    softShadow(svg, x + 10, y + 4, w * 0.5, 14, 0.5) +
    path(d, fill) +
    ellipse(x, y - h * 0.995, w * 0.1, h * 0.025, lighten(color, 0.2)) +
    path(polyPath([...left, ...right.slice(1)]), "none", stroke(STEEL.light, 1.6)) +
    pearl(svg, x, y - h * 0.37, h * 0.045, tone, "none")
  );
}

/** Text-safe scrim for heroes: darkens the centre gently so white titles read. */
function scrim(svg: Svg, strength: number): void {
  const g = radial(
    svg,
    S(`${BRAND.ocean} 0 ${strength}, ${BRAND.ocean} 0.55 ${strength * 0.6}, ${BRAND.ocean} 1 0`),
    0.5,
    0.5,
    0.55,
  );
  svg.add(rect(0, 0, svg.w, svg.h, g));
}

// ---------------------------------------------------------------------------------------
// Heroes — 2400x1200, calm centre for a white title
// ---------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------
// Inspiration — 900x1200 portraits, 11 subjects x 3 treatments
// ---------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------
// Events — 1200x800 illustrations
// ---------------------------------------------------------------------------------------

/** Market stall: awning, tent back, draped table with jewellery; (x, base) = bottom-left. */
function stall(
  svg: Svg,
  r: Rng,
  x: number,
  base: number,
  w: number,
  h: number,
  a: string,
  b: string,
  cloth: string,
): string {
  const top = base - h;
  const table = base - h * 0.36;
  const out: string[] = [];
  out.push(rect(x, top + h * 0.1, w, table - top - h * 0.1, darken(b === "#ffffff" ? a : b, 0.35), op(0.55)));
  out.push(rect(x - 4, top, 8, h, "#7d6650"), rect(x + w - 4, top, 8, h, "#7d6650"));
  // hanging necklaces on a rod under the awning
  const rodY = top + h * 0.3;
  out.push(path(`M${n(x + 8)} ${n(rodY)}H${n(x + w - 8)}`, "none", stroke("#6b5644", 3)));
  const hangs = Math.floor(w / 36);
  for (let i = 1; i < hangs; i++) {
    const hx = x + (w / hangs) * i;
    const drop = rand(r, 30, 60);
    out.push(
      path(
        `M${n(hx - 8)} ${n(rodY)}Q${n(hx)} ${n(rodY + drop * 1.6)} ${n(hx + 8)} ${n(rodY)}`,
        "none",
        stroke("#dfe4e8", 1.2),
      ),
    );
    out.push(
      circle(
        hx,
        rodY + drop * 0.82,
        Math.max(2.5, w * 0.012),
        pick(r, ["#3b3d44", "#2f5a55", "#5b3d57", "#f2eee7"]),
      ),
    );
  }
  // table top and cloth
  out.push(rect(x - 6, table - 6, w + 12, 12, darken(cloth, 0.08)));
  out.push(
    rect(
      x - 6,
      table + 6,
      w + 12,
      base - table - 6,
      linear(svg, S(`${cloth} 0, ${darken(cloth, 0.1)} 1`), 0, 0, 0, 1),
    ),
  );
  let folds = "";
  for (let fx = x + 14; fx < x + w; fx += rand(r, 18, 34))
    folds += `M${n(fx)} ${n(table + 8)}V${n(base - 2)}`;
  out.push(path(folds, "none", stroke(darken(cloth, 0.2), 2, 0.25)));
  // trays of pearls on the table
  const trays = Math.max(1, Math.floor(w / 110));
  for (let i = 0; i < trays; i++) {
    const tx = x + (w / trays) * (i + 0.5);
    const tw = Math.min(80, w / trays - 16);
    out.push(rect(tx - tw / 2, table - 14, tw, 10, "#2b3a40", ` rx="3"`));
    for (let k = 0; k < 4; k++)
      out.push(
        circle(
          tx - tw * 0.3 + k * tw * 0.2,
          table - 15,
          Math.max(2.5, tw * 0.06),
          pick(r, ["#3b3d44", "#2f5a55", "#f2eee7", "#e7c987"]),
        ),
      );
  }
  out.push(awning(x - w * 0.05, top, w * 1.1, h * 0.2, a, b, Math.max(6, Math.round(w / 34))));
  return out.join("");
}

function pottedPlant(r: Rng, x: number, base: number, h: number, leaf: string): string {
  let d = "";
  for (let i = 0; i < 9; i++) {
    const a = ((-90 + rand(r, -60, 60)) * Math.PI) / 180;
    const len = h * rand(r, 0.6, 1);
    const tip: P = [x + Math.cos(a) * len, base - h * 0.3 + Math.sin(a) * len];
    const wd = len * 0.16;
    d += `M${n(x)} ${n(base - h * 0.3)}Q${n((x + tip[0]) / 2 - wd)} ${n((base - h * 0.3 + tip[1]) / 2)} ${n(tip[0])} ${n(tip[1])}Q${n((x + tip[0]) / 2 + wd)} ${n((base - h * 0.3 + tip[1]) / 2)} ${n(x)} ${n(base - h * 0.3)}Z`;
  }
  return (
    path(d, leaf) +
    path(
      `M${n(x - h * 0.2)} ${n(base - h * 0.32)}H${n(x + h * 0.2)}L${n(x + h * 0.15)} ${n(base)}H${n(x - h * 0.15)}Z`,
      "#c98f6b",
    )
  );
}

function eventMarket(svg: Svg, r: Rng, evening: boolean): void {
  const { w, h } = svg;
  svg.add(
    rect(
      0,
      0,
      w,
      h,
      vertical(
        svg,
        evening ? S(`#2c3a5e 0, #b27a8c 0.55, #f3c39c 1`) : S(`#8fcbd9 0, #d7eef0 0.6, #f4ede4 1`),
      ),
    ),
  );
  if (!evening)
    for (let i = 0; i < 4; i++)
      svg.add(cloud(svg, r, rand(r, 0, w), rand(r, 60, 220), rand(r, 160, 300), "#ffffff", 0.6));
  else svg.add(glow(svg, 900, 420, 500, "#ffd2a8", 0.5));
  // the sea behind the market
  svg.add(
    rect(
      0,
      400,
      w,
      60,
      vertical(svg, [
        [0, evening ? "#6d6f8a" : "#5fb0bb"],
        [1, evening ? "#3d4f68" : "#2f8a98"],
      ]),
    ),
  );
  // ground
  svg.add(
    rect(
      0,
      455,
      w,
      h - 455,
      vertical(svg, [
        [0, evening ? "#bfa99a" : "#efe5d6"],
        [1, evening ? "#8d7a70" : "#d9c8b0"],
      ]),
    ),
  );
  let stones = "";
  for (let i = 0; i < 160; i++) {
    const y = rand(r, 470, h);
    const t = (y - 455) / (h - 455);
    stones += `M${n(rand(r, 0, w))} ${n(y)}h${n(10 + 30 * t)}`;
  }
  svg.add(path(stones, "none", stroke("#a08f7c", 3, 0.2)));
  const pal = evening
    ? [
        ["#1f7a8c", "#f4ede4", "#f3d9d3"],
        ["#5b3a55", "#f4ede4", "#cfe8e4"],
        ["#2f6f62", "#f4ede4", "#fbf8f3"],
      ]
    : [
        ["#1f7a8c", "#ffffff", "#f3d9d3"],
        ["#e9a994", "#ffffff", "#cfe8e4"],
        ["#2f6f62", "#fbf8f3", "#fbf8f3"],
      ];
  // far stalls first (smaller), then the main one in front
  const stalls: [number, number, number, number][] = [
    [60, 520, 240, 220],
    [880, 520, 260, 230],
    [330, 640, 520, 380],
  ];
  stalls.forEach(([x, base, sw, sh], i) => {
    const [a = "#1f7a8c", b = "#ffffff", c = "#f3d9d3"] = at(pal, i);
    svg.add(
      softShadow(svg, x + sw / 2, base + 4, sw * 0.6, 16, 0.4),
      stall(svg, r, x, base, sw, sh, a, b, c),
    );
  });
  svg.add(pottedPlant(r, 300, 660, 120, "#2f6f62"), pottedPlant(r, 880, 670, 140, "#3c7a5f"));
  if (evening) {
    svg.add(stringLights(svg, -20, 150, w + 20, 170, 90, 16));
    svg.add(glow(svg, 590, 420, 360, "#ffd79a", 0.25));
  } else {
    svg.add(bunting(r, -20, 140, w + 20, 160, 80, ["#1f7a8c", "#f3d9d3", "#cfe8e4", "#e7c987", "#5b3a55"]));
  }
  finish(svg, 0.7);
}

function eventCraftFair(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  const wall = v === 0 ? "#f4ede4" : "#d9ece8";
  const cloth = v === 0 ? "#fbf8f3" : "#f3d9d3";
  svg.add(rect(0, 0, w, h, vertical(svg, S(`${lighten(wall, 0.3)} 0, ${darken(wall, 0.08)} 1`))));
  // window light falling on the wall
  const light = linear(svg, S(`#ffffff 0 0.45, #ffffff 1 0`), 0, 0, 1, 1);
  svg.add(path("M120 40L360 40L520 420L280 420Z", light), path("M420 40L620 40L780 420L580 420Z", light));
  // round emblem banner: a pearl on a wave, no lettering
  svg.add(circle(950, 180, 110, BRAND.ocean), pearl(svg, 950, 165, 46, at(TAHITI, 1 + v), "none"));
  svg.add(path(sinePath(860, 1040, 240, 8, 12, 0), "none", stroke(BRAND.foam, 5, 0.9)));
  svg.add(path("M950 70V40", "none", stroke("#8a7560", 3)));
  // floor and table
  svg.add(wood(svg, r, 0, 700, w, 100, "#c9a982", 2));
  const tableY = 470;
  svg.add(rect(60, tableY, w - 120, 12, darken(cloth, 0.08)));
  svg.add(rect(60, tableY + 12, w - 120, 230, vertical(svg, S(`${cloth} 0, ${darken(cloth, 0.12)} 1`))));
  let folds = "";
  for (let fx = 90; fx < w - 60; fx += rand(r, 30, 60))
    folds += `M${n(fx)} ${n(tableY + 14)}Q${n(fx + 6)} ${n(tableY + 120)} ${n(fx - 4)} ${n(tableY + 240)}`;
  svg.add(path(folds, "none", stroke(darken(cloth, 0.2), 3, 0.22)));
  // displays
  svg.add(bust(svg, 250, tableY, 260, v === 0 ? "#2b3a40" : "#5b3a55", at(TAHITI, v)));
  svg.add(bust(svg, 430, tableY, 200, v === 0 ? "#cfc6bb" : "#2b3a40", at(TAHITI, v + 2)));
  // ring cones
  for (let i = 0; i < 3; i++) {
    const cx = 560 + i * 60;
    svg.add(
      path(
        `M${cx - 18} ${tableY}L${cx} ${tableY - 90}L${cx + 18} ${tableY}Z`,
        v === 0 ? "#2b3a40" : "#f4ede4",
      ),
    );
    svg.add(
      ellipse(cx, tableY - 52, 14, 5, "none", stroke(STEEL.light, 4)),
      pearl(svg, cx, tableY - 62, 9, at(TAHITI, i), "none"),
    );
  }
  // earring stand: a bar with pairs hanging
  svg.add(
    path(
      `M760 ${tableY}V${tableY - 150}M720 ${tableY - 150}H880M800 ${tableY}H720`,
      "none",
      stroke("#8a7560", 5),
    ),
  );
  for (let i = 0; i < 3; i++) {
    const ex = 735 + i * 50;
    svg.add(
      path(`M${ex} ${tableY - 150}V${tableY - 126}`, "none", stroke(STEEL.mid, 1.5)),
      pearl(svg, ex, tableY - 118, 9, at(TAHITI, i + v), "none"),
    );
  }
  svg.add(pearlDish(svg, r, 960, tableY - 6, 70, "#f7f1ea", v === 0 ? "keishi" : "tahiti"));
  svg.add(pottedPlant(r, 1080, tableY, 150, "#4f7f6b"));
  finish(svg, 0.6);
}

function eventSeaside(svg: Svg, r: Rng, pier: boolean): void {
  const { w, h } = svg;
  const horizon = 440;
  svg.add(rect(0, 0, w, horizon + 2, vertical(svg, S(`#3a4a72 0, #c2798a 0.45, #f2a27f 0.8, #fbd3a3 1`))));
  const sx = pier ? 420 : 760;
  svg.add(glow(svg, sx, horizon, 520, "#ffd6a0", 0.55), circle(sx, horizon, 56, "#fff1d6"));
  for (let i = 0; i < 5; i++)
    svg.add(cloud(svg, r, rand(r, 0, w), rand(r, 80, 300), rand(r, 200, 380), "#f7b9a0", 0.45));
  svg.add(rect(0, horizon, w, h - horizon, vertical(svg, S(`#d99a8a 0, #6f6485 0.3, #2d3652 1`))));
  svg.add(shimmer(r, sx, 70, horizon + 2, 640, "#ffe0b8", 150, 0.6));
  if (pier) {
    // wooden jetty running out to sea, and a sailboat
    svg.add(path(`M860 ${horizon + 40}L900 ${horizon + 40}L1240 ${h}L1000 ${h}Z`, "#3b2f35"));
    let posts = "";
    for (let i = 0; i < 9; i++) {
      const t = i / 8;
      const px = 870 + t * 200;
      const py = horizon + 40 + t * (h - horizon - 40);
      posts += `M${n(px)} ${n(py - 10 - t * 30)}V${n(py + 20 + t * 50)}`;
    }
    svg.add(path(posts, "none", stroke("#2b2228", 6)));
    svg.add(
      path(`M250 ${horizon - 6}L330 ${horizon - 6}L320 ${horizon + 6}H262Z`, "#2b2d3f"),
      path(`M292 ${horizon - 10}V${horizon - 110}L336 ${horizon - 14}Z`, "#2b2d3f"),
      path(`M288 ${horizon - 100}L250 ${horizon - 14}H288Z`, "#2b2d3f", op(0.85)),
    );
  } else {
    // beach with a small pop-up stall and string lights
    const beach = sinePath(-40, w + 40, 640, 10, 90, 1);
    svg.add(path(`${beach}L${w + 40} ${h}L-40 ${h}Z`, vertical(svg, S(`#d8a98f 0, #a97f72 1`))));
    svg.add(path(beach, "none", stroke("#ffe7d6", 6, 0.8)));
    svg.add(stall(svg, r, 880, 700, 220, 200, "#2b3a40", "#f4ede4", "#f3d9d3"));
    svg.add(stringLights(svg, 860, 500, 1200, 480, 40, 8));
  }
  svg.add(palm(r, 90, h + 10, 520, 90, "#1e1a2a"), palm(r, 180, h + 20, 380, -40, "#1e1a2a"));
  svg.add(palm(r, 1150, h + 20, 420, -70, "#1e1a2a"));
}

/** Top-down jewellery bench: wood, tools, spools, dishes of pearls, a chain in progress. */
function benchTopDown(svg: Svg, r: Rng, v: number): void {
  const { w, h } = svg;
  svg.add(wood(svg, r, 0, 0, w, h, v === 0 ? "#d8bd98" : "#c3a27c", 4));
  svg.add(glow(svg, w * 0.3, h * 0.2, w * 0.8, "#fff4dc", 0.35));
  // sketchbook with a drawn pendant (lines only, no lettering)
  const bx = w * 0.47;
  const by = h * 0.05;
  svg.add(
    group(
      rect(bx, by, 240, 170, "#2a211c", `${op(0.2)} transform="translate(8 12)"`) +
        rect(bx, by, 240, 170, "#fbf8f3", ` rx="4"`) +
        path(`M${n(bx + 120)} ${n(by)}V${n(by + 170)}`, "none", stroke("#d8cfc2", 2)) +
        path(
          `M${n(bx + 22)} ${n(by + 28)}Q${n(bx + 60)} ${n(by + 112)} ${n(bx + 98)} ${n(by + 28)}`,
          "none",
          stroke("#6b7279", 1.6, 0.8),
        ) +
        circle(bx + 60, by + 100, 14, "none", stroke("#6b7279", 1.6, 0.8)) +
        path(
          `M${n(bx + 140)} ${n(by + 40)}h70M${n(bx + 140)} ${n(by + 62)}h55M${n(bx + 140)} ${n(by + 84)}h62`,
          "none",
          stroke("#b8bec4", 2, 0.8),
        ),
      rot(v ? -8 : 6, bx + 120, by + 85),
    ),
  );
  svg.add(pliers(svg, w * 0.13, h * 0.72, 190, -22 + v * 10, "#1f7a8c"));
  svg.add(pliers(svg, w * 0.4, h * 0.88, 160, 8, v === 0 ? "#5b3a55" : "#e9a994"));
  svg.add(
    spool(svg, w * 0.86, h * 0.2, 70, "#e9dfd2"),
    spool(svg, w * 0.9, h * 0.5, 55, "#cfe8e4", GOLD),
    spool(svg, w * 0.74, h * 0.44, 48, "#f3d9d3"),
  );
  svg.add(pearlDish(svg, r, w * 0.18, h * 0.27, 110, "#fbf8f3", "tahiti"));
  svg.add(pearlDish(svg, r, w * 0.42, h * 0.5, 70, "#eef4f2", "keishi"));
  const loose = cubicPts(
    [w * 0.6, h * 0.62],
    [w * 0.7, h * 0.95],
    [w * 0.95, h * 0.7],
    [w * 0.98, h * 0.95],
    40,
  );
  svg.add(chain(svg, loose, 10, STEEL));
  for (let i = 0; i < 3; i++) {
    const { p } = pointAt(loose, 0.25 + i * 0.25);
    svg.add(pearl(svg, p[0], p[1], 14, at(TAHITI, i + v)));
  }
  svg.add(
    pearl(svg, w * 0.6, h * 0.4, 18, at(TAHITI, 4)),
    keishi(svg, r, w * 0.63, h * 0.44, 10, at(KEISHI, 2)),
  );
}

function benchFront(svg: Svg, r: Rng): void {
  const { w, h } = svg;
  // pegboard wall
  svg.add(rect(0, 0, w, h, "#e9e1d4"));
  const holes = svg.def(
    (id) =>
      `<pattern id="${id}" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="14" cy="14" r="3" fill="#b7a893" fill-opacity=".55"/></pattern>`,
  );
  svg.add(rect(0, 0, w, 520, `url(#${holes})`));
  svg.add(
    pliers(svg, 180, 140, 110, -90, "#1f7a8c"),
    pliers(svg, 290, 150, 100, -90, "#5b3a55"),
    pliers(svg, 390, 140, 90, -90, "#e9a994"),
  );
  // shelf with spools seen from the side
  svg.add(rect(560, 250, 520, 16, "#a98761"), rect(560, 266, 520, 8, "#7d6650", op(0.5)));
  for (let i = 0; i < 6; i++) {
    const x = 590 + i * 82;
    svg.add(rect(x, 180, 60, 70, i % 2 ? "#f3d9d3" : "#cfe8e4", ` rx="6"`));
    svg.add(rect(x + 6, 194, 48, 42, metalFill(svg, i === 3 ? GOLD : STEEL, 0)));
    let wraps = "";
    for (let k = 0; k < 6; k++) wraps += `M${x + 8} ${198 + k * 7}H${x + 52}`;
    svg.add(path(wraps, "none", stroke("#5f666d", 1.5, 0.5)));
  }
  // lamp
  svg.add(
    path("M1060 520L980 330L860 300", "none", stroke("#2b3a40", 10)),
    path("M820 280L900 280L930 340L790 340Z", "#1f7a8c"),
  );
  svg.add(glow(svg, 860, 470, 300, "#fff2d0", 0.5));
  // bench top in perspective and its front edge
  svg.add(path(`M0 520H${w}L${w} 660H0Z`, linear(svg, S(`#d8bd98 0, #b99b75 1`), 0, 0, 0, 1)));
  svg.add(wood(svg, r, 0, 660, w, h - 660, "#9c7b58", 1));
  svg.add(ellipse(300, 590, 90, 30, "#fbf8f3"), ellipse(300, 586, 74, 22, "#efe9df"));
  for (let i = 0; i < 7; i++)
    svg.add(pearl(svg, 260 + rand(r, 0, 80), 580 + rand(r, -8, 10), 11, pick(r, TAHITI), "none"));
  svg.add(chain(svg, cubicPts([450, 600], [600, 540], [700, 660], [900, 590], 40), 9, STEEL));
  svg.add(pearl(svg, 700, 612, 16, at(TAHITI, 2), "side"));
}

const EVENTS: readonly ((svg: Svg, r: Rng) => void)[] = [
  (svg, r) => eventMarket(svg, r, false),
  (svg, r) => eventCraftFair(svg, r, 0),
  (svg, r) => eventSeaside(svg, r, false),
  (svg, r) => benchTopDown(svg, r, 0),
  (svg, r) => eventMarket(svg, r, true),
  (svg, r) => eventCraftFair(svg, r, 1),
  (svg, r) => eventSeaside(svg, r, true),
  (svg, r) => benchFront(svg, r),
];

export function renderEventArt(index: number): string {
  const i = clampInt(index) % EVENTS.length;
  const svg = new Svg(1200, 800, `e${i}_`);
  at(EVENTS, i)(svg, mulberry32(seedOf("event", i)));
  return svg.toString();
}

// ---------------------------------------------------------------------------------------
// Stories — 1200x900
// ---------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------
// Avatars — 400x400, abstract (no initials), meant to be shown cropped to a circle
// ---------------------------------------------------------------------------------------

const AVATAR_BG: readonly (readonly [string, string])[] = [
  [BRAND.foam, BRAND.lagoon],
  [BRAND.lagoon, BRAND.ocean],
  [BRAND.blush, "#d9a598"],
  [BRAND.aubergine, BRAND.peacock],
  [BRAND.sand, BRAND.lagoon],
  [BRAND.sand, "#d9c6a6"],
  [BRAND.ocean, "#081d28"],
  ["#e6f4f5", "#82bfc8"],
  [BRAND.pearl, BRAND.blush],
  ["#17485a", "#081d28"],
];

export function renderAvatarArt(index: number): string {
  const i = clampInt(index) % AVATAR_BG.length;
  const svg = new Svg(400, 400, `a${i}_`);
  const r = mulberry32(seedOf("avatar", i));
  const [a, b] = at(AVATAR_BG, i);
  svg.add(
    rect(
      0,
      0,
      400,
      400,
      linear(
        svg,
        [
          [0, a],
          [1, b],
        ],
        0,
        0,
        1,
        1,
      ),
    ),
  );
  switch (i) {
    case 0:
      svg.add(pearl(svg, 200, 200, 110, at(TAHITI, 0)));
      break;
    case 1:
      for (let k = 0; k < 6; k++)
        svg.add(
          path(sinePath(-20, 420, 120 + k * 36, 10, 18, k), "none", stroke(BRAND.foam, 5, 0.3 + k * 0.1)),
        );
      break;
    case 2:
      svg.add(scallop(svg, 200, 320, 200, 0, "#fbf1ea", "#c98d80"));
      break;
    case 3: {
      svg.add(glow(svg, 140, 120, 300, "#c9a6cf", 0.5));
      for (let y = 0; y < 460; y += 45)
        for (let x = (y / 45) % 2 ? -25 : 0; x < 440; x += 50)
          svg.add(path(`M${x} ${y}A25 25 0 0 0 ${x + 50} ${y}`, "none", stroke("#ffffff", 3, 0.35)));
      break;
    }
    case 4:
      svg.add(rect(0, 230, 400, 170, vertical(svg, S(`#2f8a98 0, ${BRAND.ocean} 1`))));
      svg.add(
        glow(svg, 200, 230, 260, "#ffe3c7", 0.6),
        circle(200, 230, 60, "#fff4e4"),
        rect(0, 230, 400, 170, vertical(svg, S(`#2f8a98 0, ${BRAND.ocean} 1`)), op(0.92)),
      );
      svg.add(shimmer(r, 200, 30, 234, 400, "#ffe9d2", 60, 0.7));
      break;
    case 5:
      svg.add(
        keishi(svg, r, 150, 210, 52, at(KEISHI, 0)),
        keishi(svg, r, 255, 180, 44, at(KEISHI, 2)),
        keishi(svg, r, 230, 280, 38, at(KEISHI, 3)),
      );
      break;
    case 6:
      svg.add(bubbleColumn(svg, r, 200, 20, 380, 14, 34));
      break;
    case 7:
      svg.add(starfish(svg, r, 200, 205, 150, 10, "#e9a994"));
      break;
    case 8:
      for (let k = 1; k <= 6; k++)
        svg.add(circle(200, 200, k * 30, "none", stroke("#ffffff", 5, 0.7 - k * 0.08)));
      svg.add(pearl(svg, 200, 200, 34, at(TAHITI, 3)));
      break;
    default:
      svg.add(glow(svg, 270, 130, 260, "#cfe8e4", 0.45), circle(270, 130, 46, "#f7f2e6"));
      svg.add(rect(0, 260, 400, 140, "#0b2430"), shimmer(r, 270, 30, 262, 400, "#f3f0e6", 50, 0.7));
  }
  return svg.toString();
}
