// Renders the brand mark and the default social card from SVG into the PNG and ICO
// files in public/. Run by hand after a brand change (`npm run assets:brand`); the
// outputs are committed so a build needs no image tooling.
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { parseSiteConfig } from "../../app/config/schema";

const icon = readFileSync("assets-src/icon.svg");
const { siteName } = parseSiteConfig(process.env);

async function png(svg: Buffer, size: number): Promise<Buffer> {
  return sharp(svg, { density: 72 * (size / 32) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding one PNG image: every current browser reads this form. */
function icoFromPng(image: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6); // width
  header.writeUInt8(size, 7); // height
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(header.length, 18); // the image follows the header
  return Buffer.concat([header, image]);
}

const socialCard = (title: string, subtitle: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#06111f"/><stop offset="1" stop-color="#1b3a66"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.15" r="0.6">
      <stop offset="0" stop-color="#4f86d9" stop-opacity="0.35"/><stop offset="1" stop-color="#4f86d9" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect width="1200" height="630" fill="url(#glow)"/>
  <g transform="translate(80 80) scale(2.5)">${icon.toString().replace(/<\/?svg[^>]*>/g, "")}</g>
  <text x="180" y="132" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#ffffff">The ${siteName}</text>
  <rect x="80" y="300" width="96" height="6" rx="3" fill="#b8893b"/>
  <text x="80" y="380" font-family="DejaVu Sans, Arial, sans-serif" font-size="50" font-weight="700" fill="#ffffff">${title}</text>
  <text x="80" y="450" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#c9d6ea">${subtitle}</text>
  <text x="80" y="560" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="#dcc08a">Invitation only · Free for leaders and employers</text>
</svg>`);

const [png32, png180, png512] = await Promise.all([png(icon, 32), png(icon, 180), png(icon, 512)]);
writeFileSync("public/favicon.ico", icoFromPng(png32, 32));
writeFileSync("public/brand/apple-touch-icon.png", png180);
writeFileSync("public/brand/logo-512.png", png512);
const cards = {
  "public/social/default.png": socialCard(
    "Executive TA leadership, connected.",
    "Proven talent acquisition leaders meet the roles that need them.",
  ),
  "public/social/mission.png": socialCard(
    "Our Mission: the right leader.",
    "Strategic matching · Mutual value creation · Industry excellence",
  ),
};
for (const [file, svg] of Object.entries(cards)) {
  await sharp(svg).png({ compressionLevel: 9 }).toFile(file);
}
console.log("Brand assets written to public/.");
