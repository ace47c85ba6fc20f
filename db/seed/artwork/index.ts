/**
 * Deterministic, dependency-free SVG artwork for the demo shop (seed time only).
 *
 * Everything is drawn with shapes, gradients and a few small blurs — never <text>, so the
 * output does not depend on installed fonts. The same arguments always give the same SVG
 * (seeded mulberry32 PRNG), and every id is prefixed per image because librsvg rejects
 * duplicated ids.
 *
 * One file per subject (jewellery, hero, inspirations, events, stories, avatars) over shared
 * drawing code: svg.ts (randomness, colour, SVG builder, geometry), elements.ts (pearls, metal,
 * shells), backdrops.ts (product backgrounds) and scenery.ts (sea, sky, workbench, market).
 */
export { renderAvatarArt } from "./avatars";
export { renderEventArt } from "./events";
export { renderHeroArt } from "./hero";
export { renderInspirationArt } from "./inspirations";
export { type ArtKind, renderProductArt } from "./jewellery";
export { renderStoryArt } from "./stories";
