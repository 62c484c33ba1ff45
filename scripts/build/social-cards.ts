// Renders every page's social card (1200 x 630 PNG) into BUILD_DIR/client/social/ at build
// time, from the page's own words (./social-card-pages.ts, app/lib/social-card.ts).
// satori lays the card out and turns its text into outlines drawn from Inter, the font file
// @fontsource/inter ships, so no font of the machine is ever asked for and a card comes out
// the same on any machine (docs/decisions/0013-social-cards-at-build-time.md); sharp then
// rasterises the SVG. A card whose inputs are unchanged is copied from a cache keyed by
// their hash, so a rebuild renders only the cards whose words, art or design changed.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import satori, { type SatoriOptions } from "satori";
import sharp from "sharp";
import type { SiteConfig } from "#shared/site-config.ts";
import { socialCardPages, socialCardTagline, type SocialCardArt, type SocialCardPage } from "./social-card-pages";
import { socialCardFor, SOCIAL_CARD_HEIGHT, SOCIAL_CARD_WIDTH, type SocialCard } from "#app/lib/social-card.ts";
import { socialCardLayout, type CardArtLayout } from "./social-card-layout";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const require = createRequire(import.meta.url);
const DEFAULT_CACHE_DIR = resolve(projectRoot, "node_modules/.cache/social-cards");

/** Where each art name's source is (scripts/assets/generate-illustrations.ts renders them), and how a card shows it. */
export const CARD_ART_SOURCES: Record<SocialCardArt, { file: string; kind: CardArtLayout["kind"] }> = {
  orbit: { file: "app/assets/images/orbit-scene.png", kind: "network" },
  rightSeat: { file: "app/assets/images/right-seat-scene.png", kind: "network" },
  twoAudiences: { file: "app/assets/images/two-audiences-scene.png", kind: "network" },
  supportedNetwork: { file: "app/assets/images/supported-network-scene.png", kind: "network" },
  planning: { file: "app/assets/images/planning-scene.jpg", kind: "scene" },
  team: { file: "app/assets/images/team-scene.jpg", kind: "scene" },
};

const FONT_WEIGHTS = [400, 500, 600, 700] as const;
/** Inter from @fontsource/inter, the only font a card is drawn with. */
export const cardFonts: SatoriOptions["fonts"] = FONT_WEIGHTS.map((weight) => ({
  name: "Inter",
  weight,
  style: "normal",
  data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
}));
const markSvg = readFileSync(join(projectRoot, "assets-src/icon.svg"));
const mark = `data:image/svg+xml;base64,${markSvg.toString("base64")}`;

/** The art at the size the card draws it (twice that, for sharpness, would only grow the file), as a data URL. */
async function artLayout(art: SocialCardArt): Promise<CardArtLayout> {
  const { file, kind } = CARD_ART_SOURCES[art];
  const source = sharp(join(projectRoot, file));
  if (kind === "network") {
    const png = await source.resize(600).png().toBuffer();
    return { kind, src: `data:image/png;base64,${png.toString("base64")}` };
  }
  const { width = 1, height = 1 } = await source.metadata();
  const jpeg = await source.resize({ height: 520 }).jpeg({ quality: 88 }).toBuffer();
  return { kind, src: `data:image/jpeg;base64,${jpeg.toString("base64")}`, width, height };
}

/** The card's SVG: every letter an outline, no `<text>` left for a machine's fonts to draw. */
export async function socialCardSvg(card: SocialCard, siteName: string, art: SocialCardArt): Promise<string> {
  const layout = socialCardLayout({
    words: card.words,
    siteName,
    tagline: socialCardTagline(),
    mark,
    art: await artLayout(art),
  });
  return satori(layout, { width: SOCIAL_CARD_WIDTH, height: SOCIAL_CARD_HEIGHT, fonts: cardFonts });
}

export async function renderSocialCard(card: SocialCard, siteName: string, art: SocialCardArt): Promise<Buffer> {
  const svg = await socialCardSvg(card, siteName, art);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}

/** Everything a card's pixels depend on: its words, its art, the brand mark, the fonts and the code that draws it. */
function cacheKey(card: SocialCard, siteName: string, art: SocialCardArt): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ words: card.words, siteName, tagline: socialCardTagline(), art }));
  hash.update(readFileSync(join(projectRoot, CARD_ART_SOURCES[art].file)));
  hash.update(markSvg);
  for (const font of cardFonts) hash.update(font.data as Buffer);
  for (const code of ["social-cards.ts", "social-card-layout.tsx"]) hash.update(readFileSync(new URL(code, import.meta.url)));
  hash.update(readFileSync(require.resolve("satori/package.json")));
  hash.update(JSON.stringify(sharp.versions));
  return hash.digest("hex").slice(0, 32);
}

export interface CardsWritten {
  rendered: number;
  cached: number;
  ms: number;
}

/** Writes every page's card under `client` (at each card's path), rendering only what the cache lacks. */
export async function writeSocialCards(
  client: string,
  config: SiteConfig,
  { cacheDir = DEFAULT_CACHE_DIR, cards = socialCardPages(config) }: { cacheDir?: string; cards?: readonly SocialCardPage[] } = {},
): Promise<CardsWritten> {
  const { siteName } = config;
  const started = performance.now();
  mkdirSync(cacheDir, { recursive: true });
  let rendered = 0;
  for (const { page, art } of cards) {
    const card = socialCardFor(page, siteName);
    const target = join(client, card.path);
    mkdirSync(join(target, ".."), { recursive: true });
    const cached = join(cacheDir, `${cacheKey(card, siteName, art)}.png`);
    if (!existsSync(cached)) {
      // Written whole, then renamed: a build stopped half-way never leaves a broken card in the cache.
      writeFileSync(`${cached}.tmp`, await renderSocialCard(card, siteName, art));
      renameSync(`${cached}.tmp`, cached);
      rendered += 1;
    }
    copyFileSync(cached, target);
  }
  return { rendered, cached: cards.length - rendered, ms: Math.round(performance.now() - started) };
}
