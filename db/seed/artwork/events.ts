/** Event pictures — 1200x800 illustrations: markets, craft fairs, the seaside, the workbench. */
import { finish, sinePath } from "./backdrops";
import { BRAND, chain, GOLD, KEISHI, keishi, metalFill, pearl, STEEL, softShadow, TAHITI } from "./elements";
import {
  awning,
  bunting,
  bust,
  cloud,
  glow,
  palm,
  pearlDish,
  pliers,
  shimmer,
  spool,
  stringLights,
  vertical,
  wood,
} from "./scenery";
import {
  at,
  circle,
  clampInt,
  cubicPts,
  darken,
  ellipse,
  group,
  lighten,
  linear,
  mulberry32,
  n,
  op,
  type P,
  path,
  pick,
  pointAt,
  type Rng,
  rand,
  rect,
  rot,
  S,
  Svg,
  seedOf,
  stroke,
} from "./svg";

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
export function benchTopDown(svg: Svg, r: Rng, v: number): void {
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
