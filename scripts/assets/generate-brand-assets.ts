// Renders the brand mark from SVG into the PNG and ICO files in public/. Run by hand
// after a brand change (`npm run assets:brand`); the outputs are committed. The social
// cards are rendered by the build, from each page's words (scripts/build/social-cards.ts).
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const icon = readFileSync("assets-src/icon.svg");

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

const [png32, png180, png512] = await Promise.all([png(icon, 32), png(icon, 180), png(icon, 512)]);
writeFileSync("public/favicon.ico", icoFromPng(png32, 32));
writeFileSync("public/brand/apple-touch-icon.png", png180);
writeFileSync("public/brand/logo-512.png", png512);
console.log("Brand assets written to public/.");
