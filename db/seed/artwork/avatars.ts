/** Avatars — 400x400, abstract (no initials), meant to be shown cropped to a circle. */
import { sinePath } from "./backdrops";
import { BRAND, KEISHI, keishi, pearl, scallop, starfish, TAHITI } from "./elements";
import { bubbleColumn, glow, shimmer, vertical } from "./scenery";
import { at, circle, clampInt, linear, mulberry32, op, path, rect, S, Svg, seedOf, stroke } from "./svg";

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
