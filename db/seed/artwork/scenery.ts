/**
 * Scene building blocks for the heroes, inspirations, events, stories and avatars: sky, sea,
 * palms, coral, shells, workbench tools, market awnings and bunting.
 */
import {
  BRAND,
  dish,
  KEISHI,
  keishi,
  type Metal,
  metalFill,
  pearl,
  STEEL,
  softShadow,
  TAHITI,
  type Tone,
} from "./elements";
import {
  at,
  blobPts,
  circle,
  cubicPts,
  darken,
  ellipse,
  group,
  lighten,
  linear,
  n,
  n2,
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
  resample,
  rot,
  S,
  type Stop,
  type Svg,
  smoothPath,
  stroke,
} from "./svg";

export const vertical = (svg: Svg, stops: readonly Stop[]): string => linear(svg, stops, 0, 0, 0, 1);

/** Radial light (sun, moon, lamp): cheaper and softer than a blur. */
export function glow(svg: Svg, x: number, y: number, r: number, color: string, alpha: number): string {
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
export function cloud(
  svg: Svg,
  r: Rng,
  x: number,
  y: number,
  w: number,
  color: string,
  alpha: number,
): string {
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
export function shimmer(
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
export function waveTicks(
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
export function ridge(
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
export function palm(r: Rng, x: number, y: number, h: number, lean: number, color: string): string {
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
export function rays(
  svg: Svg,
  r: Rng,
  count: number,
  x0: number,
  x1: number,
  h: number,
  alpha: number,
): string {
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

export function bubbleColumn(
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

export function seagrass(r: Rng, x: number, base: number, h: number, color: string, count: number): string {
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
export function coral(
  r: Rng,
  x: number,
  y: number,
  len: number,
  width: number,
  color: string,
  depth = 4,
): string {
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

export function fish(x: number, y: number, s: number, dir: 1 | -1): string {
  const e = (v: number) => n(x + v * dir);
  return `M${e(-s)} ${n(y)}Q${e(0)} ${n(y - s * 0.5)} ${e(s)} ${n(y)}Q${e(0)} ${n(y + s * 0.5)} ${e(-s)} ${n(y)}ZM${e(-s * 0.85)} ${n(y)}L${e(-s * 1.5)} ${n(y - s * 0.35)}L${e(-s * 1.4)} ${n(y)}L${e(-s * 1.5)} ${n(y + s * 0.35)}Z`;
}

/**
 * Open black-lip oyster (Pinctada margaritifera, the Tahitian pearl oyster) in 3/4 view:
 * the upper valve lifted behind, the lower valve a shallow nacre bowl. The pearl goes
 * between `back` and `front` so the bowl's front lip hides its base.
 */
export function oyster(
  svg: Svg,
  r: Rng,
  x: number,
  y: number,
  s: number,
): { back: string; front: string; seat: P } {
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
export function cowrie(svg: Svg, x: number, y: number, s: number, deg: number, color: string): string {
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
export function pearlStrand(
  svg: Svg,
  pts: readonly P[],
  r0: number,
  r1: number,
  tone: Tone,
  count: number,
): string {
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
export function wood(
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
export function pliers(
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
export function spool(svg: Svg, x: number, y: number, rad: number, flange: string, m: Metal = STEEL): string {
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
export function pearlDish(
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
export function awning(
  x: number,
  y: number,
  w: number,
  h: number,
  a: string,
  b: string,
  stripes: number,
): string {
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
export function bunting(
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
export function stringLights(
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
export function bust(svg: Svg, x: number, y: number, h: number, color: string, tone: Tone): string {
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
export function scrim(svg: Svg, strength: number): void {
  const g = radial(
    svg,
    S(`${BRAND.ocean} 0 ${strength}, ${BRAND.ocean} 0.55 ${strength * 0.6}, ${BRAND.ocean} 1 0`),
    0.5,
    0.5,
    0.55,
  );
  svg.add(rect(0, 0, svg.w, svg.h, g));
}
