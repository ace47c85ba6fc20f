/**
 * Palettes and the drawn elements every picture reuses: shadows, pearls, metal (chains, rings,
 * clasps), shells, starfish, pebbles and dishes.
 */
import {
  at,
  blobPts,
  circle,
  darken,
  ellipse,
  group,
  lighten,
  linear,
  mix,
  n,
  op,
  type P,
  path,
  polyPath,
  px,
  type Rng,
  radial,
  rand,
  randInt,
  resample,
  rot,
  S,
  type Svg,
  smoothPath,
  stroke,
} from "./svg";

// ---------------------------------------------------------------------------------------
// Palettes
// ---------------------------------------------------------------------------------------

/** Tahitian pearl body colours with their overtone (ring) and secondary tint. */
export interface Tone {
  name: string;
  base: string;
  deep: string;
  over: string;
  tint: string;
}
export const TAHITI: readonly Tone[] = [
  { name: "anth", base: "#4a4d56", deep: "#141519", over: "#2f7f70", tint: "#7a4f74" },
  { name: "paon", base: "#2f5a55", deep: "#0e1b1b", over: "#7c5a8c", tint: "#c9a24e" },
  { name: "aub", base: "#5b3d57", deep: "#1b1119", over: "#2f7f70", tint: "#d3a0b0" },
  { name: "argt", base: "#a3a9b0", deep: "#4a4f57", over: "#c9a6cf", tint: "#96cbc2" },
  { name: "pist", base: "#58653f", deep: "#1c2117", over: "#c8a24c", tint: "#2f7f70" },
  { name: "cer", base: "#613c3e", deep: "#1e1213", over: "#2f7f70", tint: "#d9a3a0" },
];

/** Light keishi pearls: white, cream, gold, rosé, silver. */
export interface KTone {
  name: string;
  light: string;
  base: string;
  edge: string;
  over: string;
}
export const KEISHI: readonly KTone[] = [
  { name: "blc", light: "#ffffff", base: "#f2eee7", edge: "#c9c0b2", over: "#f1c3cd" },
  { name: "crm", light: "#fffaf0", base: "#efe1c5", edge: "#bea77f", over: "#c9e2d4" },
  { name: "or", light: "#fff7dc", base: "#e7c987", edge: "#a5803d", over: "#f6e2b0" },
  { name: "ros", light: "#fff9f7", base: "#f0dad6", edge: "#c0a0a2", over: "#d4cdf0" },
  { name: "gri", light: "#f7f8f9", base: "#d3d7dc", edge: "#8a9098", over: "#ebcfe3" },
];

export interface Metal {
  name: string;
  hi: string;
  light: string;
  mid: string;
  dark: string;
}
export const STEEL: Metal = { name: "st", hi: "#ffffff", light: "#e6eaee", mid: "#aeb5bc", dark: "#545b63" };
export const GOLD: Metal = { name: "au", hi: "#fffbea", light: "#f2dea4", mid: "#cfa957", dark: "#6f521c" };

/** Soft backgrounds: a = lit area, b = falloff, ink = colour of faint details. */
export interface Bg {
  name: string;
  a: string;
  b: string;
  ink: string;
}
export const BGS: readonly Bg[] = [
  { name: "sable", a: "#faf4ec", b: "#e9dac7", ink: "#c2a888" },
  { name: "ivoire", a: "#fdfbf7", b: "#ece5d9", ink: "#cbbca6" },
  { name: "blush", a: "#fbeeea", b: "#edcfc7", ink: "#d2a196" },
  { name: "ecume", a: "#eef8f5", b: "#c8e3dd", ink: "#86bcb1" },
  { name: "aqua", a: "#eef8f9", b: "#cae6ea", ink: "#82bfc8" },
  { name: "lin", a: "#f4f0ea", b: "#ddd5c9", ink: "#b5a794" },
  { name: "nacre", a: "#f6f1f4", b: "#e2d6de", ink: "#b8a2b3" },
];

export const BRAND = {
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
export function softShadow(
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

export type ShadowMode = "top" | "side" | "none";

/** A round Tahitian pearl: dark body, coloured overtone ring, tint, bounce light, highlight. */
export function pearl(
  svg: Svg,
  x: number,
  y: number,
  r: number,
  tone: Tone,
  shadow: ShadowMode = "top",
): string {
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
export function keishi(
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
export function metalFill(svg: Svg, m: Metal, deg = 90): string {
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
export function chain(svg: Svg, pts: readonly P[], link: number, m: Metal, shadow = true): string {
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
export function jumpRing(x: number, y: number, r: number, m: Metal, deg = 0): string {
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
export function bail(
  svg: Svg,
  x: number,
  y: number,
  pr: number,
  m: Metal,
): { parts: string; pearlY: number } {
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
export function clasp(svg: Svg, x: number, y: number, size: number, deg: number, m: Metal): string {
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

export function scallop(
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
export function starfish(
  svg: Svg,
  r: Rng,
  x: number,
  y: number,
  s: number,
  deg: number,
  color: string,
): string {
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
export function pebble(svg: Svg, r: Rng, x: number, y: number, s: number, color: string): string {
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
export function dish(svg: Svg, x: number, y: number, r: number, color: string): string {
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
