// The figures of the fallback faces in app/styles/global.css (ADR 009, "What the first paint
// needs"): for each web face the first screens use, the size-adjust that gives Arial (or Times New
// Roman) the web face's average advance over a French sample, and the web face's ascent, descent
// and line gap at that size. Liberation Sans and Serif carry Arial's and Times New Roman's widths.
//   node scripts/font-fallback-metrics.mjs
import path from "node:path";
import * as fontkit from "fontkit";

const root = path.resolve(import.meta.dirname, "..");
const files = path.join(root, "node_modules/@fontsource");
const LIBERATION = "/usr/share/fonts/truetype/liberation";
const SAMPLE =
  "Bijoux en acier inoxydable et perles de Tahiti, créés à la main au bord de l'océan. Marchés, " +
  "salons et ateliers : les rendez-vous où découvrir et essayer les créations. Agenda des " +
  "Événements, Notre histoire, Découvrir les créations";

const advance = (font) =>
  font.layout(SAMPLE).glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / font.unitsPerEm;
const percent = (value) => `${Number((value * 100).toFixed(2))}%`;

const sans = fontkit.openSync(path.join(LIBERATION, "LiberationSans-Regular.ttf"));
const serif = fontkit.openSync(path.join(LIBERATION, "LiberationSerif-Regular.ttf"));
const faces = [
  ["Jost fallback", 400, "jost/files/jost-latin-400-normal.woff2", sans],
  ["Jost fallback", 500, "jost/files/jost-latin-500-normal.woff2", sans],
  [
    "Cormorant Garamond fallback",
    500,
    "cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff2",
    serif,
  ],
  [
    "Cormorant Garamond fallback",
    600,
    "cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2",
    serif,
  ],
];
for (const [family, weight, file, fallback] of faces) {
  const font = fontkit.openSync(path.join(files, file));
  const scale = advance(font) / advance(fallback);
  const em = font.unitsPerEm * scale;
  console.log(
    `${family} ${weight}: size-adjust ${percent(scale)}; ascent-override ${percent(font.hhea.ascent / em)};` +
      ` descent-override ${percent(-font.hhea.descent / em)}; line-gap-override ${percent(font.hhea.lineGap / em)}`,
  );
}
