/**
 * Writes the committed static brand files in public/ (run once, outputs are committed):
 *   favicon.svg, favicon.ico (16/32/48 PNG entries), apple-touch-icon.png, icon-192.png,
 *   icon-512.png (also used as maskable: the pearl stays inside the safe zone), placeholder.png,
 *   og-image.png (1200×630 sharing card for pages without a picture of their own).
 *
 *   npx tsx scripts/make-static-icons.ts
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const PUBLIC = join(import.meta.dirname, "..", "public");

const OCEAN = "#0f3d4c";
const LAGOON = "#1f7a8c";
const STEEL = "#b8bec4";

interface MarkOptions {
  /** Thin steel ring around the pearl (dropped at 16 px where it would only blur). */
  ring: boolean;
  /** Deep ocean square behind the pearl (app icons); transparent otherwise. */
  background: boolean;
  /** Pearl radius in the 64-unit viewBox. */
  radius: number;
}

/** The brand mark: a dark Tahitian pearl with peacock/aubergine overtones and a crisp highlight. */
function pearlMark({ ring, background, radius: r }: MarkOptions): string {
  const c = 32;
  const bg = background
    ? `<rect width="64" height="64" fill="url(#bg)"/><circle cx="32" cy="30" r="30" fill="url(#halo)"/>`
    : "";
  const ringEl = ring
    ? `<circle cx="${c}" cy="${c}" r="${r + 3.2}" fill="none" stroke="${STEEL}" stroke-width="1.6" stroke-opacity=".9"/>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${LAGOON}"/><stop offset=".55" stop-color="${OCEAN}"/><stop offset="1" stop-color="#0a2b36"/></linearGradient>
<radialGradient id="halo" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#cfe8e4" stop-opacity=".28"/><stop offset="1" stop-color="#cfe8e4" stop-opacity="0"/></radialGradient>
<radialGradient id="body" cx=".44" cy=".4" r=".62" fx=".33" fy=".28"><stop offset="0" stop-color="#9ea2a9"/><stop offset=".32" stop-color="#4a4d56"/><stop offset=".78" stop-color="#16171b"/><stop offset="1" stop-color="#1f4a43"/></radialGradient>
<radialGradient id="over" cx=".5" cy=".5" r=".5"><stop offset=".6" stop-color="#2f7f70" stop-opacity="0"/><stop offset=".86" stop-color="#2f7f70" stop-opacity=".7"/><stop offset="1" stop-color="#2f7f70" stop-opacity=".2"/></radialGradient>
<radialGradient id="tint" cx=".72" cy=".78" r=".48"><stop offset="0" stop-color="#8a5a84" stop-opacity=".7"/><stop offset="1" stop-color="#8a5a84" stop-opacity="0"/></radialGradient>
<radialGradient id="spec" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fff"/><stop offset=".4" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
</defs>
${bg}${ringEl}
<circle cx="${c}" cy="${c}" r="${r}" fill="url(#body)"/>
<circle cx="${c}" cy="${c}" r="${r}" fill="url(#over)"/>
<circle cx="${c}" cy="${c}" r="${r}" fill="url(#tint)"/>
<ellipse cx="${c - r * 0.33}" cy="${c - r * 0.38}" rx="${r * 0.34}" ry="${r * 0.2}" fill="url(#spec)" transform="rotate(-38 ${c - r * 0.33} ${c - r * 0.38})"/>
<circle cx="${c - r * 0.36}" cy="${c - r * 0.41}" r="${Math.max(1.2, r * 0.08)}" fill="#fff"/>
</svg>
`;
}

/** "No photo yet": a faint pearl outline on warm sand, kept tiny with a palette PNG. */
function placeholderSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">
<rect width="800" height="800" fill="#f4ede4"/>
<ellipse cx="410" cy="560" rx="150" ry="22" fill="#e6dccf"/>
<circle cx="400" cy="390" r="150" fill="#f7f2ec" stroke="#ddd2c4" stroke-width="6"/>
<path d="M310 330 A110 110 0 0 1 380 280" fill="none" stroke="#e4dacd" stroke-width="10" stroke-linecap="round"/>
<circle cx="352" cy="332" r="10" fill="#e9e0d5"/>
</svg>
`;
}

/** The default sharing card: the pearl on a deep-ocean gradient with the shop's name and promise. */
function shareCardSvg(): string {
  const pearl = pearlMark({ ring: true, background: false, radius: 22 })
    .replace('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">', "")
    .replace("</svg>", "");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<defs><linearGradient id="sea" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${LAGOON}"/><stop offset=".6" stop-color="${OCEAN}"/><stop offset="1" stop-color="#0a2b36"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#sea)"/>
<path d="M0 520 C200 480 400 560 600 520 S1000 480 1200 520 V630 H0Z" fill="#0a2b36" opacity=".55"/>
<path d="M0 560 C220 530 420 600 640 565 S1020 530 1200 560 V630 H0Z" fill="#08222b" opacity=".6"/>
<g transform="translate(120 155) scale(5)">${pearl}</g>
<text x="510" y="290" font-family="Georgia, 'DejaVu Serif', serif" font-size="120" fill="#fbf8f3" letter-spacing="6">Nacre</text>
<text x="514" y="370" font-family="'DejaVu Sans', Arial, sans-serif" font-size="38" fill="#cfe8e4">Bijoux en acier et perles de Tahiti</text>
<text x="514" y="425" font-family="'DejaVu Sans', Arial, sans-serif" font-size="30" fill="${STEEL}">Faits main, inspirés de l'océan</text>
</svg>
`;
}

/** Rasterise; `colors` switches to a quantised palette PNG (much smaller for soft gradients). */
async function png(svg: string, size: number, colors?: number): Promise<Buffer> {
  const img = sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 64) }).resize(size, size);
  return colors
    ? img.png({ palette: true, colors, dither: 1, compressionLevel: 9, effort: 10 }).toBuffer()
    : img.png({ compressionLevel: 9 }).toBuffer();
}

/** ICO container with PNG-compressed entries (supported by every current browser). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, data } of images) {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0); // width
    e.writeUInt8(size >= 256 ? 0 : size, 1); // height
    e.writeUInt8(0, 2); // palette colours
    e.writeUInt8(0, 3); // reserved
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

async function main(): Promise<void> {
  const favicon = pearlMark({ ring: true, background: false, radius: 25 });
  const small = pearlMark({ ring: false, background: false, radius: 30 });
  const app = pearlMark({ ring: true, background: true, radius: 19 });

  const write = (name: string, data: string | Buffer) => {
    writeFileSync(join(PUBLIC, name), data);
    console.log(`${name.padEnd(22)} ${(Buffer.byteLength(data) / 1024).toFixed(1)} KB`);
  };

  write("favicon.svg", favicon);
  write(
    "favicon.ico",
    ico([
      { size: 16, data: await png(small, 16) },
      { size: 32, data: await png(favicon, 32) },
      { size: 48, data: await png(favicon, 48) },
    ]),
  );
  write("apple-touch-icon.png", await png(app, 180, 256));
  write("icon-192.png", await png(app, 192, 256));
  write("icon-512.png", await png(app, 512, 256));
  write("placeholder.png", await png(placeholderSvg(), 800, 32));
  write(
    "og-image.png",
    await sharp(Buffer.from(shareCardSvg()))
      .png({ palette: true, colors: 128, dither: 1, compressionLevel: 9, effort: 10 })
      .toBuffer(),
  );
}

await main();
