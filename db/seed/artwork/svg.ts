/** Randomness, colour, the SVG document builder and geometry shared by every artwork. */

// ---------------------------------------------------------------------------------------
// Randomness and small utilities
// ---------------------------------------------------------------------------------------

export type Rng = () => number;

/** mulberry32: tiny, fast, good enough for artwork. */
export function mulberry32(seed: number): Rng {
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
export function seedOf(...parts: (string | number)[]): number {
  let h = 2166136261;
  const s = parts.join("|");
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export const rand = (r: Rng, a: number, b: number): number => a + (b - a) * r();
export const randInt = (r: Rng, a: number, b: number): number => Math.floor(rand(r, a, b + 1));

/** Cyclic, always-defined array access (keeps noUncheckedIndexedAccess happy). */
export function at<T>(arr: readonly T[], i: number): T {
  const v = arr[((Math.floor(i) % arr.length) + arr.length) % arr.length];
  if (v === undefined) throw new Error("artwork: empty list");
  return v;
}
export const pick = <T>(r: Rng, arr: readonly T[]): T => at(arr, Math.floor(r() * arr.length));

/** Round to one decimal: keeps the SVG small without visible loss. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);
export const n2 = (v: number): string => String(Math.round(v * 100) / 100);
export const px = (v: number): string => String(Math.round(v));
export const clampInt = (v: number): number => (Number.isFinite(v) ? Math.max(0, Math.floor(v)) : 0);

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
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  return hex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}
export const lighten = (c: string, t: number): string => mix(c, "#ffffff", t);
export const darken = (c: string, t: number): string => mix(c, "#000000", t);

// ---------------------------------------------------------------------------------------
// SVG document builder
// ---------------------------------------------------------------------------------------

export class Svg {
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

export type Stop = readonly [offset: number, color: string, opacity?: number];

/** Compact gradient stops: "color offset [opacity], …", e.g. S(`#fff 0 .8, ${c} 1`). */
export function S(spec: string): Stop[] {
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

export function linear(
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

export function radial(
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

export function circle(x: number, y: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${fill}"${extra}/>`;
}
export function ellipse(x: number, y: number, rx: number, ry: number, fill: string, extra = ""): string {
  return `<ellipse cx="${n(x)}" cy="${n(y)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${extra}/>`;
}
export function rect(x: number, y: number, w: number, h: number, fill: string, extra = ""): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra}/>`;
}
export function path(d: string, fill: string, extra = ""): string {
  return `<path d="${d}" fill="${fill}"${extra}/>`;
}
export function stroke(color: string, width: number, opacity = 1, extra = ""): string {
  const op = opacity < 1 ? ` stroke-opacity="${n2(opacity)}"` : "";
  return ` stroke="${color}" stroke-width="${n(width)}"${op} stroke-linecap="round" stroke-linejoin="round"${extra}`;
}
export const op = (o: number): string => (o < 1 ? ` opacity="${n2(o)}"` : "");
export const rot = (deg: number, x: number, y: number): string =>
  ` transform="rotate(${n(deg)} ${n(x)} ${n(y)})"`;
export const group = (content: string, attrs = ""): string => (content ? `<g${attrs}>${content}</g>` : "");

// ---------------------------------------------------------------------------------------
// Geometry: points, smooth curves, resampling
// ---------------------------------------------------------------------------------------

export type P = readonly [number, number];

export function cubicPts(a: P, b: P, c: P, d: P, count = 48): P[] {
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
export function smoothPts(pts: readonly P[], closed: boolean, per = 14): P[] {
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
export function smoothPath(pts: readonly P[], closed: boolean, f: (v: number) => string = n): string {
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

export function polyPath(pts: readonly P[]): string {
  return pts.map((p, i) => `${i ? "L" : "M"}${n(p[0])} ${n(p[1])}`).join("");
}

/** Points at equal arc length (so chain links are evenly spaced). */
export function resample(pts: readonly P[], step: number): P[] {
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

export function pathLength(pts: readonly P[]): number {
  let len = 0;
  for (let i = 1; i < pts.length; i++) {
    const a = at(pts, i - 1);
    const b = at(pts, i);
    len += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return len;
}

/** Point and tangent angle (degrees) at fraction t of the polyline length. */
export function pointAt(pts: readonly P[], t: number): { p: P; angle: number } {
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

export function transformPts(pts: readonly P[], cx: number, cy: number, deg: number, s = 1): P[] {
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
export function blobPts(
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
