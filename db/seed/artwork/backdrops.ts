/** Product photo backgrounds (linen, sand ripples, mermaid scales…) and the final lighting touch. */
import { type Bg, scallop } from "./elements";
import {
  blobPts,
  circle,
  darken,
  group,
  lighten,
  linear,
  n,
  n2,
  op,
  type P,
  path,
  px,
  type Rng,
  radial,
  rand,
  randInt,
  rect,
  rot,
  S,
  type Svg,
  smoothPath,
  stroke,
} from "./svg";

// ---------------------------------------------------------------------------------------
// Product backgrounds
// ---------------------------------------------------------------------------------------

export type Detail =
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
export function sinePath(
  x0: number,
  x1: number,
  y: number,
  amp: number,
  wave: number,
  phase: number,
): string {
  const len = Math.PI * 2 * wave;
  const half = len / 2;
  const tau = Math.PI * 2;
  const start = x0 - ((((phase % tau) + tau) % tau) / tau) * len;
  let d = `M${n(start)} ${n(y)}Q${n(start + half / 2)} ${n(y - amp * 2)} ${n(start + half)} ${n(y)}`;
  for (let x = start + len; x <= x1 + half; x += half) d += `T${n(x)} ${n(y)}`;
  return d;
}

/** Mermaid-scale pattern: rows of overlapping half-discs, offset every other row. */
export function scalePattern(
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

export function backdrop(svg: Svg, r: Rng, bg: Bg, detail: Detail): void {
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
export function finish(svg: Svg, strength = 1): void {
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
