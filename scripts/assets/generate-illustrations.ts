// Renders the site's original illustrations from SVG drawn here into high-resolution
// sources under app/assets/images/: the request page's desk scenes (flat, top-down, in the
// brand's navy and gold) as JPEG, and the network art (./network-art.ts) as transparent
// PNG, which Vite (vite-imagetools) and the social cards take from there. The inner pages'
// hero art is also written as minified SVG (./inline-svg.ts), which each page inlines. Run by
// hand after changing the art (`npm run assets:illustrations [-- name ...]`); the outputs
// are committed so a build needs only these files.
import { mkdirSync, writeFileSync } from "node:fs";
import sharp from "sharp";
import { palette, seeded } from "./art-kit";
import { idPrefix, optimiseForInline } from "./inline-svg";
import { heroScenes, networkScenes } from "./network-art";

const OUT_DIR = "app/assets/images";

const shadowFilter = `
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="150%">
    <feDropShadow dx="0" dy="14" stdDeviation="16" flood-color="#020812" flood-opacity="0.45"/>
  </filter>
  <filter id="soft" x="-20%" y="-20%" width="140%" height="150%">
    <feDropShadow dx="0" dy="6" stdDeviation="7" flood-color="#020812" flood-opacity="0.35"/>
  </filter>`;

/** Lines standing for handwriting or body text. */
function textLines(x: number, y: number, widths: number[], gap: number, colour: string, thickness = 8): string {
  return widths
    .map(
      (w, i) =>
        `<rect x="${x}" y="${y + i * gap}" width="${w}" height="${thickness}" rx="${thickness / 2}" fill="${colour}"/>`,
    )
    .join("");
}

function plant(cx: number, cy: number, scale: number): string {
  const leaves = Array.from({ length: 9 }, (_, i) => {
    const angle = (i * 360) / 9 + 12;
    const colour = [palette.teal, palette.tealMid, "#1aa58f"][i % 3];
    return `<ellipse cx="0" cy="-62" rx="30" ry="70" fill="${colour}" transform="rotate(${angle})"/>
      <path d="M0 -8 L0 -118" stroke="#0b5e57" stroke-width="3" transform="rotate(${angle})"/>`;
  }).join("");
  const inner = Array.from({ length: 5 }, (_, i) => {
    const angle = (i * 360) / 5 + 40;
    return `<ellipse cx="0" cy="-34" rx="16" ry="38" fill="${palette.tealLight}" opacity="0.85" transform="rotate(${angle})"/>`;
  }).join("");
  return `<g transform="translate(${cx} ${cy}) scale(${scale})" filter="url(#shadow)">
    <circle r="118" fill="${palette.gold600}"/>
    <circle r="104" fill="#6e4f18"/>
    ${leaves}${inner}
    <circle r="10" fill="#0b5e57"/>
  </g>`;
}

function coffee(cx: number, cy: number): string {
  return `<g transform="translate(${cx} ${cy})">
    <circle r="132" fill="${palette.navy100}" filter="url(#shadow)"/>
    <circle r="118" fill="none" stroke="#cfd9e8" stroke-width="4"/>
    <rect x="70" y="-22" width="92" height="44" rx="22" fill="${palette.paper}" transform="rotate(-30)"/>
    <circle r="88" fill="${palette.paper}" filter="url(#soft)"/>
    <circle r="72" fill="#4a2f1a"/>
    <circle r="72" fill="none" stroke="#7a5234" stroke-width="10" opacity="0.8"/>
    <path d="M-30 -20 C -10 -40, 20 -36, 34 -14" stroke="#b98a5e" stroke-width="6" fill="none" stroke-linecap="round" opacity="0.8"/>
  </g>`;
}

function pen(x: number, y: number, angle: number): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})" filter="url(#soft)">
    <rect x="0" y="-13" width="360" height="26" rx="13" fill="${palette.gold500}"/>
    <rect x="250" y="-13" width="110" height="26" rx="13" fill="${palette.navy900}"/>
    <rect x="262" y="-20" width="70" height="8" rx="4" fill="${palette.gold300}"/>
    <path d="M0 -13 L-34 0 L0 13 Z" fill="${palette.gold300}"/>
    <path d="M-26 -3 L-40 0 L-26 3 Z" fill="${palette.navy900}"/>
  </g>`;
}

/** Leaders' scene: a planning desk seen from above, with a career roadmap in the notebook. */
function planningScene(): string {
  const W = 1200;
  const H = 1500;
  const rand = seeded(7);
  const specks = Array.from({ length: 70 }, () => {
    const x = Math.round(rand() * W);
    const y = Math.round(rand() * H);
    return `<circle cx="${x}" cy="${y}" r="${(1 + rand() * 2).toFixed(1)}" fill="#ffffff" opacity="${(0.03 + rand() * 0.05).toFixed(2)}"/>`;
  }).join("");

  // The roadmap: a dotted path climbing through four milestones to a gold flag.
  const milestones: [number, number][] = [
    [80, 470],
    [190, 360],
    [300, 300],
    [390, 170],
  ];
  const milestoneDots = milestones
    .map(([x, y], i) => {
      const last = i === milestones.length - 1;
      return `<circle cx="${x}" cy="${y}" r="${last ? 24 : 19}" fill="${last ? palette.gold500 : palette.paper}" stroke="${last ? palette.gold600 : palette.navy700}" stroke-width="6"/>
        ${last ? "" : `<circle cx="${x}" cy="${y}" r="7" fill="${palette.navy700}"/>`}`;
    })
    .join("");

  const notebook = `<g transform="translate(130 430) rotate(-4)">
    <rect x="-6" y="6" width="900" height="640" rx="26" fill="${palette.navy950}" filter="url(#shadow)"/>
    <rect x="0" y="0" width="440" height="640" rx="20" fill="${palette.paper}"/>
    <rect x="450" y="0" width="440" height="640" rx="20" fill="${palette.paper}"/>
    <rect x="425" y="0" width="50" height="640" fill="url(#spine)"/>
    <!-- left page: a heading and a checklist -->
    <rect x="56" y="64" width="190" height="18" rx="9" fill="${palette.navy900}"/>
    ${textLines(56, 104, [300, 250], 28, "#c5cfdd")}
    ${[0, 1, 2, 3]
      .map((i) => {
        const y = 210 + i * 92;
        const done = i < 3;
        return `<rect x="56" y="${y}" width="40" height="40" rx="10" fill="${done ? palette.gold100 : "none"}" stroke="${done ? palette.gold500 : "#b8c3d4"}" stroke-width="4"/>
          ${done ? `<path d="M66 ${y + 21} l9 9 l16 -19" stroke="${palette.gold600}" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` : ""}
          ${textLines(120, y + 6, [220 - i * 24], 0, done ? "#8796ad" : palette.navy700, 10)}
          ${textLines(120, y + 26, [150 + i * 12], 0, "#d4dbe6", 7)}`;
      })
      .join("")}
    <!-- right page: the roadmap -->
    <g transform="translate(450 0)">
      ${Array.from({ length: 11 }, (_, i) => `<circle cx="0" cy="0" r="2.6" fill="#d8dee8" transform="translate(${40 + (i % 11) * 36} 40)"/>`).join("")}
      ${Array.from({ length: 15 }, (_, row) =>
        Array.from(
          { length: 11 },
          (_, col) => `<circle cx="${40 + col * 36}" cy="${76 + row * 36}" r="2.6" fill="#e1e6ee"/>`,
        ).join(""),
      ).join("")}
      <path d="M80 470 C 130 430, 150 380, 190 360 S 270 320, 300 300 S 360 220, 390 170" stroke="${palette.navy600}" stroke-width="7" fill="none" stroke-dasharray="2 18" stroke-linecap="round"/>
      ${milestoneDots}
      <path d="M390 150 L390 70" stroke="${palette.navy900}" stroke-width="7" stroke-linecap="round"/>
      <path d="M393 72 L448 88 L393 106 Z" fill="${palette.gold500}"/>
      ${textLines(60, 540, [170], 0, palette.navy900, 14)}
      ${textLines(60, 574, [280], 0, "#c5cfdd", 8)}
    </g>
    <!-- a ribbon bookmark -->
    <path d="M780 -14 h34 v120 l-17 -16 l-17 16 Z" fill="${palette.coral}"/>
  </g>`;

  const tablet = `<g transform="translate(650 88) rotate(3)">
    <rect width="440" height="300" rx="30" fill="${palette.navy950}" filter="url(#shadow)"/>
    <rect x="20" y="20" width="400" height="260" rx="14" fill="${palette.navy50}"/>
    <rect x="46" y="46" width="130" height="14" rx="7" fill="${palette.navy900}"/>
    <rect x="46" y="70" width="90" height="10" rx="5" fill="#b9c4d6"/>
    ${[60, 95, 80, 130, 120, 165]
      .map(
        (h, i) =>
          `<rect x="${56 + i * 56}" y="${250 - h}" width="32" height="${h}" rx="8" fill="${i === 5 ? palette.gold500 : i % 2 ? palette.navy600 : "#9fb6d8"}"/>`,
      )
      .join("")}
    <path d="M72 196 L128 168 L184 182 L240 132 L296 142 L352 92" stroke="${palette.navy900}" stroke-width="5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="352" cy="92" r="10" fill="${palette.gold500}" stroke="${palette.navy50}" stroke-width="4"/>
  </g>`;

  const stickies = `<g transform="translate(120 1160) rotate(-7)">
      <rect width="230" height="220" rx="10" fill="${palette.gold300}" filter="url(#soft)"/>
      ${textLines(30, 44, [150, 120, 160, 90], 34, "#a88543", 9)}
    </g>
    <g transform="translate(330 1200) rotate(5)">
      <rect width="210" height="200" rx="10" fill="${palette.sky}" filter="url(#soft)"/>
      ${textLines(28, 42, [130, 150, 100], 34, "#557fb8", 9)}
    </g>`;

  const phone = `<g transform="translate(860 1050) rotate(-12)">
    <rect width="210" height="400" rx="34" fill="${palette.navy950}" filter="url(#shadow)"/>
    <rect x="14" y="14" width="182" height="372" rx="24" fill="${palette.navy800}"/>
    <rect x="34" y="44" width="142" height="96" rx="14" fill="${palette.navy700}"/>
    <circle cx="66" cy="92" r="20" fill="${palette.gold500}"/>
    ${textLines(96, 76, [62, 44], 22, "#8fa6c9", 8)}
    ${[0, 1, 2]
      .map(
        (i) =>
          `<rect x="34" y="${160 + i * 62}" width="142" height="48" rx="12" fill="${i === 0 ? "#24508c" : "#1b3a66"}"/>`,
      )
      .join("")}
  </g>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="desk" x1="0" y1="0" x2="0.35" y2="1">
      <stop offset="0" stop-color="#17325a"/><stop offset="0.55" stop-color="${palette.navy800}"/><stop offset="1" stop-color="${palette.navy950}"/>
    </linearGradient>
    <radialGradient id="lamp" cx="0.62" cy="0.34" r="0.62">
      <stop offset="0" stop-color="${palette.gold300}" stop-opacity="0.22"/><stop offset="1" stop-color="${palette.gold300}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="spine" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.5" stop-color="#0b1f3a" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
    </linearGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.62" stop-color="${palette.navy950}" stop-opacity="0"/><stop offset="1" stop-color="${palette.navy950}" stop-opacity="0.55"/>
    </linearGradient>
    ${shadowFilter}
  </defs>
  <rect width="${W}" height="${H}" fill="url(#desk)"/>
  <rect width="${W}" height="${H}" fill="url(#lamp)"/>
  ${specks}
  ${plant(170, 190, 1.05)}
  ${tablet}
  ${notebook}
  ${coffee(1085, 700)}
  ${pen(640, 1130, -24)}
  ${stickies}
  ${phone}
  <rect width="${W}" height="${H}" fill="url(#fade)"/>
</svg>`;
}

interface Person {
  x: number;
  y: number;
  /** Degrees: the direction the person faces (0 = up, 90 = right). */
  facing: number;
  shirt: string;
  skin: string;
  hair: string;
}

/** Seen from above: chair, shoulders, arms reaching forward, head with hair at the back. */
function person({ x, y, facing, shirt, skin, hair }: Person): string {
  return `<g transform="translate(${x} ${y}) rotate(${facing})">
    <rect x="-92" y="-10" width="184" height="120" rx="46" fill="${palette.navy700}" filter="url(#soft)"/>
    <rect x="-74" y="-76" width="34" height="110" rx="17" fill="${shirt}" transform="rotate(-8 -57 -20)"/>
    <rect x="40" y="-76" width="34" height="110" rx="17" fill="${shirt}" transform="rotate(8 57 -20)"/>
    <circle cx="-64" cy="-80" r="17" fill="${skin}"/>
    <circle cx="64" cy="-80" r="17" fill="${skin}"/>
    <ellipse cx="0" cy="0" rx="92" ry="50" fill="${shirt}"/>
    <ellipse cx="0" cy="-6" rx="70" ry="30" fill="#ffffff" opacity="0.07"/>
    <circle cx="0" cy="-4" r="44" fill="${skin}"/>
    <path d="M-44 -4 A44 44 0 0 0 44 -4 L44 6 A44 48 0 0 1 -44 6 Z" fill="${hair}"/>
    <circle cx="0" cy="8" r="40" fill="${hair}"/>
  </g>`;
}

/** A laptop, open, seen from above: the keyboard nearer the person, the screen folded away. */
function laptop(x: number, y: number, angle: number, screen: string): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})" filter="url(#soft)">
    <rect x="-90" y="-20" width="180" height="108" rx="10" fill="#c7d1df"/>
    <rect x="-78" y="-8" width="156" height="58" rx="6" fill="#aebacb"/>
    <rect x="-30" y="58" width="60" height="22" rx="5" fill="#b7c2d2"/>
    <rect x="-90" y="-44" width="180" height="24" rx="6" fill="${screen}"/>
  </g>`;
}

/** Employers' scene: a leadership team around a table, building an org chart with one gold seat to fill. */
function teamScene(): string {
  const W = 1200;
  const H = 1500;
  const carpet = Array.from(
    { length: 9 },
    (_, i) =>
      `<path d="M${i * 150} 0 V${H}" stroke="#ffffff" stroke-opacity="0.025" stroke-width="2"/><path d="M0 ${i * 170} H${W}" stroke="#ffffff" stroke-opacity="0.025" stroke-width="2"/>`,
  ).join("");

  const people: Person[] = [
    { x: 600, y: 150, facing: 180, shirt: palette.coral, skin: "#e0ac88", hair: "#2b1d14" },
    { x: 215, y: 470, facing: 90, shirt: palette.navy100, skin: "#8d5a3b", hair: "#120c08" },
    { x: 215, y: 800, facing: 90, shirt: palette.gold500, skin: "#f1c7a6", hair: "#a8642a" },
    { x: 215, y: 1120, facing: 90, shirt: palette.tealMid, skin: "#c68c63", hair: "#1d1410" },
    { x: 985, y: 470, facing: -90, shirt: palette.sky, skin: "#f3d2b8", hair: "#5b3a21" },
    { x: 985, y: 800, facing: -90, shirt: "#ffffff", skin: "#6f4630", hair: "#0f0a07" },
    { x: 985, y: 1120, facing: -90, shirt: palette.navy600, skin: "#e8b896", hair: "#3b2a1e" },
  ];

  const laptops = [
    laptop(600, 330, 180, palette.navy700),
    laptop(380, 470, 90, palette.navy900),
    laptop(820, 800, -90, palette.navy700),
    laptop(380, 1120, 90, palette.navy900),
  ].join("");

  const notepads = `<g transform="translate(312 712) rotate(-6)" filter="url(#soft)">
      <rect width="120" height="160" rx="10" fill="${palette.paper}"/>
      ${textLines(18, 24, [80, 64, 84, 50, 70], 24, "#c5cfdd", 7)}
    </g>
    <g transform="translate(735 400) rotate(8)" filter="url(#soft)">
      <rect width="120" height="160" rx="10" fill="${palette.gold100}"/>
      ${textLines(18, 24, [76, 84, 60, 72], 26, "#d2b77f", 7)}
    </g>
    <g transform="translate(745 1040) rotate(-4)" filter="url(#soft)">
      <rect width="120" height="160" rx="10" fill="${palette.paper}"/>
      ${textLines(18, 24, [84, 60, 76, 66, 40], 24, "#c5cfdd", 7)}
    </g>`;

  const cups = [
    [455, 335],
    [700, 1235],
    [470, 1275],
  ]
    .map(
      ([x, y]) => `<g transform="translate(${x} ${y})">
      <circle r="34" fill="${palette.paper}" filter="url(#soft)"/>
      <circle r="25" fill="#4a2f1a"/>
      <rect x="28" y="-8" width="24" height="16" rx="8" fill="${palette.paper}"/>
    </g>`,
    )
    .join("");

  // The org chart in the middle of the table: three tiers, the top seat empty and gold.
  const card = (x: number, y: number, highlight: boolean) => `<g transform="translate(${x} ${y})">
      <rect x="-62" y="-40" width="124" height="80" rx="14" fill="${highlight ? palette.gold100 : "#ffffff"}" stroke="${highlight ? palette.gold500 : "#d3dbe7"}" stroke-width="${highlight ? 5 : 3}" ${highlight ? 'stroke-dasharray="12 8"' : ""} filter="url(#soft)"/>
      ${
        highlight
          ? `<path d="M0 -18 l6 13 l14 1.5 l-10.5 9.5 l3 14 l-12.5 -7 l-12.5 7 l3 -14 l-10.5 -9.5 l14 -1.5 Z" fill="${palette.gold500}"/>`
          : `<circle cx="-30" cy="0" r="16" fill="#c7d3e4"/>${textLines(-6, -10, [44, 30], 16, "#b8c4d6", 7)}`
      }
    </g>`;
  const chart = `<g transform="translate(600 775) scale(0.78)">
    <rect x="-230" y="-250" width="460" height="560" rx="18" fill="${palette.paper}" filter="url(#shadow)" transform="rotate(-2)"/>
    <g transform="rotate(-2)" stroke="#9aabc4" stroke-width="4" fill="none" stroke-linecap="round">
      <path d="M0 -130 V-70 M-140 -70 H140 M-140 -70 V-10 M0 -70 V-10 M140 -70 V-10"/>
      <path d="M-140 70 V180 M140 70 V180"/>
    </g>
    <g transform="rotate(-2)">
      ${card(0, -170, true)}
      ${card(-140, 30, false)}
      ${card(0, 30, false)}
      ${card(140, 30, false)}
      ${card(-140, 220, false)}
      ${card(140, 220, false)}
    </g>
  </g>`;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="floor" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="#17325a"/><stop offset="0.6" stop-color="${palette.navy800}"/><stop offset="1" stop-color="${palette.navy950}"/>
    </linearGradient>
    <radialGradient id="light" cx="0.5" cy="0.45" r="0.6">
      <stop offset="0" stop-color="${palette.gold300}" stop-opacity="0.18"/><stop offset="1" stop-color="${palette.gold300}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="table" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f4f6fa"/><stop offset="1" stop-color="#dfe6f0"/>
    </linearGradient>
    <linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.62" stop-color="${palette.navy950}" stop-opacity="0"/><stop offset="1" stop-color="${palette.navy950}" stop-opacity="0.55"/>
    </linearGradient>
    ${shadowFilter}
  </defs>
  <rect width="${W}" height="${H}" fill="url(#floor)"/>
  ${carpet}
  <rect width="${W}" height="${H}" fill="url(#light)"/>
  <rect x="300" y="250" width="600" height="1050" rx="150" fill="url(#table)" filter="url(#shadow)"/>
  <rect x="318" y="268" width="564" height="1014" rx="134" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="3"/>
  ${people.map(person).join("")}
  ${laptops}
  ${notepads}
  ${cups}
  ${chart}
  ${plant(1060, 1390, 0.8)}
  ${plant(130, 130, 0.7)}
  <rect width="${W}" height="${H}" fill="url(#fade)"/>
</svg>`;
}

const scenes: Record<string, () => string> = {
  "planning-scene": planningScene,
  "team-scene": teamScene,
  ...networkScenes,
};

const TRANSPARENT = new Set(Object.keys(networkScenes));

// Each inlined scene's ids carry its own prefix: two that shared one could clash in a page.
const prefixes = Object.keys(heroScenes).map(idPrefix);
if (new Set(prefixes).size !== prefixes.length)
  throw new Error(`Hero scenes share an id prefix: ${prefixes.join(", ")}`);

mkdirSync(OUT_DIR, { recursive: true });
const only = process.argv.slice(2);
for (const [name, draw] of Object.entries(scenes)) {
  if (only.length > 0 && !only.includes(name)) continue;
  const drawn = draw();
  if (name in heroScenes) {
    const file = `${OUT_DIR}/${name}.svg`;
    writeFileSync(file, `${optimiseForInline(drawn, idPrefix(name))}\n`);
    console.log(file);
  }
  const svg = Buffer.from(drawn);
  // Transparent art (it sits on the navy hero) stays PNG; scenes with a background are JPEG.
  const transparent = TRANSPARENT.has(name);
  const file = `${OUT_DIR}/${name}.${transparent ? "png" : "jpg"}`;
  const image = sharp(svg);
  await (
    transparent
      ? image.png({ compressionLevel: 9 })
      : image.jpeg({ quality: 90, mozjpeg: true, chromaSubsampling: "4:4:4" })
  ).toFile(file);
  console.log(file);
}
