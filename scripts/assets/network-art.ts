// The network art: the scenes that sit on the deep-navy hero of the inner pages
// (app/components/sections/page-hero.tsx, inlined as SVG) and on the social cards (as PNG). One visual language
// for all of them: faint orbits, people and organizations as ringed nodes, the brand
// mark, and gold for what the page is about. Each inner page's scene says its idea
// (docs/product.md#pages).
import { palette, seeded } from "./art-kit";

/** Every scene is a square of this many pixels, drawn around its centre. */
export const SCENE_SIZE = 1200;
const C = SCENE_SIZE / 2;

type Point = [number, number];

const at = (cx: number, cy: number, r: number, deg: number): Point => [
  cx + r * Math.cos((deg * Math.PI) / 180),
  cy + r * Math.sin((deg * Math.PI) / 180),
];
const xy = ([x, y]: Point) => `${x.toFixed(1)} ${y.toFixed(1)}`;

const defs = `<defs>
    <radialGradient id="core" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${palette.gold300}" stop-opacity="0.35"/><stop offset="1" stop-color="${palette.gold300}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="link" x1="0" y1="1" x2="1" y2="0">
      <stop offset="0" stop-color="${palette.gold300}"/><stop offset="1" stop-color="${palette.gold500}"/>
    </linearGradient>
    <filter id="glow" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>
    <filter id="lift" x="-30%" y="-30%" width="160%" height="170%">
      <feDropShadow dx="0" dy="12" stdDeviation="14" flood-color="#020812" flood-opacity="0.55"/>
    </filter>
  </defs>`;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_SIZE}" height="${SCENE_SIZE}" viewBox="0 0 ${SCENE_SIZE} ${SCENE_SIZE}">
  ${defs}
  ${body}
</svg>`;

/** Faint concentric orbits, the outermost dashed. */
function orbits(radii: readonly number[], cx = C, cy = C): string {
  return radii
    .map(
      (r, i) =>
        `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="${(0.16 - i * 0.035).toFixed(3)}" stroke-width="2" ${i === radii.length - 1 ? 'stroke-dasharray="4 14"' : ""}/>`,
    )
    .join("");
}

/** The network's members: small dots strewn along the orbits, mostly blue, some gold. */
function members(radii: readonly number[], seed: number, cx = C, cy = C): string {
  const rand = seeded(seed);
  return radii
    .flatMap((r, ring) =>
      Array.from({ length: 7 + ring * 4 }, (_, i) => {
        const [x, y] = at(cx, cy, r, (i * 360) / (7 + ring * 4) + ring * 17 + rand() * 10);
        const size = 5 + rand() * 7;
        const fill = rand() > 0.75 ? palette.gold300 : rand() > 0.5 ? palette.sky : palette.link;
        return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${size.toFixed(1)}" fill="${fill}" opacity="${(0.55 + rand() * 0.45).toFixed(2)}"/>`;
      }),
    )
    .join("");
}

/** A person in the network: a ringed navy node with a figure. */
function personNode([x, y]: Point, ring: string = palette.link, fill: string = palette.figure, r = 54): string {
  const s = r / 54;
  return `<g transform="translate(${xy([x, y])}) scale(${s.toFixed(3)})">
      <circle r="54" fill="${palette.navy800}" stroke="${ring}" stroke-width="5"/>
      <circle cy="-12" r="16" fill="${fill}"/>
      <path d="M-28 30 a28 24 0 0 1 56 0 Z" fill="${fill}"/>
    </g>`;
}

/** An organization in the network: a ringed navy node with a building. */
function organizationNode([x, y]: Point, r = 54): string {
  const s = r / 54;
  return `<g transform="translate(${xy([x, y])}) scale(${s.toFixed(3)})">
      <circle r="54" fill="${palette.navy800}" stroke="${palette.gold300}" stroke-width="5"/>
      <rect x="-22" y="-26" width="30" height="52" rx="3" fill="${palette.gold300}"/>
      <rect x="8" y="-6" width="16" height="32" rx="3" fill="${palette.gold500}"/>
      ${[-16, -4, 8].map((yy) => `<rect x="-15" y="${yy}" width="6" height="6" fill="${palette.navy800}"/><rect x="-3" y="${yy}" width="6" height="6" fill="${palette.navy800}"/>`).join("")}
    </g>`;
}

/** The brand mark (assets-src/icon.svg) as a tile, centred on a point. */
function brandTile([x, y]: Point, size = 140): string {
  const s = size / 140;
  return `<g transform="translate(${xy([x, y])}) scale(${s.toFixed(3)})">
    <rect x="-70" y="-70" width="140" height="140" rx="34" fill="${palette.navy950}" stroke="${palette.gold500}" stroke-opacity="0.6" stroke-width="3"/>
    <path d="M-31 -22 H31 M0 -22 V32" stroke="${palette.gold300}" stroke-width="13" stroke-linecap="round"/>
    <circle cx="31" cy="27" r="11" fill="${palette.gold500}"/>
  </g>`;
}

/** A gold line with a soft glow under it: what the network makes happen. */
function goldPath(d: string, width = 5): string {
  return `<path d="${d}" stroke="${palette.gold300}" stroke-width="${width * 2.8}" fill="none" opacity="0.35" filter="url(#glow)"/>
  <path d="${d}" stroke="url(#link)" stroke-width="${width}" fill="none" stroke-linecap="round"/>`;
}

/** Social cards and the home page's card: the network as orbits around the brand mark, one gold introduction drawn across it. */
function orbitScene(): string {
  const rings = [210, 350, 490];
  const [lx, ly] = at(C, C, rings[2]!, 200);
  const [ox, oy] = at(C, C, rings[1]!, 330);
  // The introduction runs from the leader through the network (the mark at the centre) to the organization.
  const introduction = `M${xy([lx, ly])} Q ${((lx + C) / 2).toFixed(1)} ${(C + 90).toFixed(1)} ${C} ${C} T ${xy([ox, oy])}`;
  const others = [at(C, C, rings[1]!, 120), at(C, C, rings[2]!, 80), at(C, C, rings[0]!, 250), at(C, C, rings[2]!, 285)]
    .map((point) => personNode(point))
    .join("");
  return svg(`${orbits(rings)}
  <circle cx="${C}" cy="${C}" r="260" fill="url(#core)"/>
  ${members(rings, 11)}
  ${goldPath(introduction)}
  ${others}
  ${personNode([lx, ly], palette.gold300, palette.gold100)}
  ${organizationNode([ox, oy])}
  ${brandTile([C, C])}`);
}

/** An empty seat to fill: a dashed gold card with a star, as in the employers' team scene. */
function goldSeat([x, y]: Point, w: number, h: number): string {
  return `<g transform="translate(${xy([x, y])})" filter="url(#lift)">
    <rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="26" fill="${palette.navy900}" stroke="${palette.gold300}" stroke-width="5" stroke-dasharray="16 10"/>
    <rect x="${-w / 2 + 14}" y="${-h / 2 + 14}" width="${w - 28}" height="${h - 28}" rx="16" fill="${palette.gold500}" opacity="0.14"/>
    <path d="M0 -30 l9.6 20.8 l22.4 2.4 l-16.8 15.2 l4.8 22.4 l-20 -11.2 l-20 11.2 l4.8 -22.4 l-16.8 -15.2 l22.4 -2.4 Z" fill="${palette.gold300}"/>
  </g>`;
}

/** A seat already filled in the organization: a navy card with a person. */
function filledSeat([x, y]: Point): string {
  return `<g transform="translate(${xy([x, y])})" filter="url(#lift)">
    <rect x="-62" y="-44" width="124" height="88" rx="20" fill="${palette.navy800}" stroke="${palette.link}" stroke-opacity="0.7" stroke-width="3"/>
    <circle cx="-24" cy="-4" r="15" fill="${palette.figure}"/>
    <path d="M-48 30 a24 20 0 0 1 48 0 Z" fill="${palette.figure}"/>
    <rect x="8" y="-14" width="36" height="8" rx="4" fill="${palette.figure}" opacity="0.8"/>
    <rect x="8" y="4" width="24" height="7" rx="3.5" fill="${palette.figure}" opacity="0.45"/>
  </g>`;
}

/**
 * Our Mission: the right leader, the right seat, the right moment. An organization's
 * chart with its top seat empty and gold; a leader from the network travels a gold path
 * into it; a dial around the seat marks the moment.
 */
function rightSeatScene(): string {
  const seat: Point = [680, 450];
  const dialRadius = 165;
  const ticks = Array.from({ length: 48 }, (_, i) => {
    const deg = i * 7.5 - 90;
    const major = i % 6 === 0;
    const [x1, y1] = at(seat[0], seat[1], dialRadius + (major ? 8 : 12), deg);
    const [x2, y2] = at(seat[0], seat[1], dialRadius + 24, deg);
    return `<path d="M${xy([x1, y1])} L${xy([x2, y2])}" stroke="#ffffff" stroke-opacity="${major ? 0.5 : 0.22}" stroke-width="${major ? 4 : 2.5}" stroke-linecap="round"/>`;
  }).join("");
  // The moment: a short gold arc on the dial, ending in a bright point.
  const [ax, ay] = at(seat[0], seat[1], dialRadius, -90);
  const [bx, by] = at(seat[0], seat[1], dialRadius, -18);
  const moment = `M${xy([ax, ay])} A ${dialRadius} ${dialRadius} 0 0 1 ${xy([bx, by])}`;
  const reports: Point[] = [
    [470, 830],
    [680, 830],
    [890, 830],
  ];
  const chart = `<g stroke="${palette.link}" stroke-opacity="0.6" stroke-width="4" fill="none" stroke-linecap="round">
    <path d="M${seat[0]} ${seat[1] + 70} V 700 M ${reports[0]![0]} 700 H ${reports[2]![0]} ${reports.map(([x]) => `M ${x} 700 V 786`).join(" ")}"/>
  </g>`;
  const leader: Point = [240, 330];
  const path = `M${leader[0] + 66} ${leader[1]} C 420 330, 470 ${seat[1]}, ${seat[0] - 95} ${seat[1]}`;
  return svg(`${orbits([240, 400, 540])}
  <circle cx="${seat[0]}" cy="${seat[1]}" r="300" fill="url(#core)"/>
  ${members([400, 540], 23)}
  <circle cx="${seat[0]}" cy="${seat[1]}" r="${dialRadius}" fill="none" stroke="#ffffff" stroke-opacity="0.14" stroke-width="2"/>
  ${ticks}
  ${goldPath(moment, 8)}
  <circle cx="${bx.toFixed(1)}" cy="${by.toFixed(1)}" r="13" fill="${palette.gold300}"/>
  <circle cx="${bx.toFixed(1)}" cy="${by.toFixed(1)}" r="24" fill="none" stroke="${palette.gold300}" stroke-opacity="0.45" stroke-width="3"/>
  ${chart}
  ${reports.map(filledSeat).join("")}
  ${goldPath(path)}
  ${goldSeat(seat, 170, 140)}
  ${personNode(leader, palette.gold300, palette.gold100, 66)}
  ${personNode([1010, 250], palette.link, palette.figure, 40)}
  ${personNode([200, 720], palette.link, palette.figure, 40)}`);
}

/** A service, as a small card: an icon dot and two lines of text. */
function serviceChip([x, y]: Point, accent: string): string {
  return `<g transform="translate(${xy([x, y])})" filter="url(#lift)">
    <rect x="-92" y="-34" width="184" height="68" rx="18" fill="${palette.navy800}" stroke="${accent}" stroke-opacity="0.75" stroke-width="3"/>
    <circle cx="-56" cy="0" r="16" fill="${accent}" opacity="0.9"/>
    <rect x="-28" y="-14" width="92" height="9" rx="4.5" fill="#ffffff" opacity="0.75"/>
    <rect x="-28" y="5" width="64" height="8" rx="4" fill="#ffffff" opacity="0.35"/>
  </g>`;
}

/**
 * How We Help: two audiences, one standard. The leaders' circle and the organizations'
 * circle overlap; each side's services run to the middle, where they meet at one gold seal.
 */
function twoAudiencesScene(): string {
  const left: Point = [455, 600];
  const right: Point = [745, 600];
  const radius = 270;
  const seal: Point = [C, C];
  const leftChips: Point[] = [
    [335, 470],
    [305, 600],
    [335, 730],
  ];
  const rightChips: Point[] = leftChips.map(([x, y]) => [SCENE_SIZE - x, y]);
  const toSeal = ([x, y]: Point, side: 1 | -1) =>
    `M${xy([x + side * 92, y])} C ${(x + side * 190).toFixed(1)} ${y}, ${(C - side * 120).toFixed(1)} ${C}, ${(C - side * 62).toFixed(1)} ${C}`;
  const links = (chips: Point[], side: 1 | -1, colour: string) =>
    chips
      .map(
        (chip) =>
          `<path d="${toSeal(chip, side)}" stroke="${colour}" stroke-opacity="0.55" stroke-width="3" fill="none" stroke-dasharray="2 10" stroke-linecap="round"/>`,
      )
      .join("");
  // The overlap of the two circles: where the two audiences share one standard.
  const halfChord = Math.sqrt(radius ** 2 - ((right[0] - left[0]) / 2) ** 2);
  const lens = `M${C} ${(C - halfChord).toFixed(1)} A ${radius} ${radius} 0 0 1 ${C} ${(C + halfChord).toFixed(1)} A ${radius} ${radius} 0 0 1 ${C} ${(C - halfChord).toFixed(1)} Z`;
  return svg(`${orbits([300, 540])}
  ${members([540], 31)}
  <circle cx="${left[0]}" cy="${left[1]}" r="${radius}" fill="${palette.link}" fill-opacity="0.07" stroke="${palette.link}" stroke-opacity="0.7" stroke-width="3"/>
  <circle cx="${right[0]}" cy="${right[1]}" r="${radius}" fill="${palette.gold300}" fill-opacity="0.06" stroke="${palette.gold300}" stroke-opacity="0.7" stroke-width="3"/>
  <path d="${lens}" fill="${palette.gold300}" fill-opacity="0.12"/>
  <circle cx="${C}" cy="${C}" r="190" fill="url(#core)"/>
  ${links(leftChips, 1, palette.sky)}
  ${links(rightChips, -1, palette.gold300)}
  ${leftChips.map((chip) => serviceChip(chip, palette.sky)).join("")}
  ${rightChips.map((chip) => serviceChip(chip, palette.gold300)).join("")}
  ${personNode([left[0], left[1] - radius], palette.link, palette.figure, 50)}
  ${organizationNode([right[0], right[1] - radius], 50)}
  <g transform="translate(${xy(seal)})" filter="url(#lift)">
    <circle r="66" fill="${palette.navy950}" stroke="${palette.gold500}" stroke-width="4"/>
    <circle r="52" fill="none" stroke="${palette.gold300}" stroke-opacity="0.5" stroke-width="2" stroke-dasharray="3 7"/>
    <path d="M-24 2 L-7 19 L26 -16" stroke="${palette.gold300}" stroke-width="11" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </g>`);
}

/** A shield of the given width and height, its top edge at `top`. */
function shieldPath(cx: number, top: number, w: number, h: number): string {
  const half = w / 2;
  return `M${cx} ${top} L${cx + half} ${top + h * 0.13} V${top + h * 0.48} C${cx + half} ${top + h * 0.76}, ${cx + half * 0.45} ${top + h * 0.92}, ${cx} ${top + h} C${cx - half * 0.45} ${top + h * 0.92}, ${cx - half} ${top + h * 0.76}, ${cx - half} ${top + h * 0.48} V${top + h * 0.13} Z`;
}

/**
 * Who We Are: a confidential network with a supporter behind it. The network, its
 * members joined to each other, sits inside a shield locked in gold; a larger shield stands
 * behind it, the supporter, marked with a technology provider's stacked layers.
 */
function supportedNetworkScene(): string {
  const front = { cx: 560, top: 300, w: 520, h: 640 };
  const back = { cx: 680, top: 190, w: 600, h: 740 };
  const nodes: Point[] = [
    [450, 470],
    [670, 470],
    [400, 660],
    [720, 660],
    [480, 810],
    [640, 810],
  ];
  const edges: [number, number][] = [
    [0, 1],
    [0, 2],
    [1, 3],
    [2, 4],
    [3, 5],
    [4, 5],
    [0, 5],
    [1, 4],
  ];
  const lock: Point = [front.cx, 635];
  const grid = Array.from({ length: 9 }, (_, i) => {
    const x = back.cx - back.w / 2 + 60 + i * 60;
    const y = back.top + 60 + i * 70;
    return `<path d="M${x} ${back.top} V${back.top + back.h}" /><path d="M${back.cx - back.w / 2} ${y} H${back.cx + back.w / 2}"/>`;
  }).join("");
  const [sx, sy] = [back.cx + back.w / 2 - 70, back.top + 120];
  const supporterBadge = `<g transform="translate(${sx} ${sy})" filter="url(#lift)">
    <circle r="58" fill="${palette.navy800}" stroke="${palette.gold500}" stroke-width="4"/>
    ${[-14, 2, 18]
      .map(
        (dy, i) =>
          `<path d="M0 ${dy - 16} L30 ${dy - 2} L0 ${dy + 12} L-30 ${dy - 2} Z" fill="${i === 0 ? palette.gold300 : palette.gold500}" opacity="${(1 - i * 0.25).toFixed(2)}" stroke="${palette.navy800}" stroke-width="3" stroke-linejoin="round"/>`,
      )
      .join("")}
  </g>`;
  return svg(`${orbits([260, 420, 560], 620, 600)}
  ${members([420, 560], 47, 620, 600)}
  <defs><clipPath id="back-shield"><path d="${shieldPath(back.cx, back.top, back.w, back.h)}"/></clipPath></defs>
  <path d="${shieldPath(back.cx, back.top, back.w, back.h)}" fill="${palette.navy700}" fill-opacity="0.55" stroke="${palette.gold500}" stroke-opacity="0.55" stroke-width="4"/>
  <g clip-path="url(#back-shield)" stroke="#ffffff" stroke-opacity="0.06" stroke-width="2">${grid}</g>
  ${supporterBadge}
  <path d="${shieldPath(front.cx, front.top, front.w, front.h)}" fill="${palette.navy900}" stroke="${palette.gold300}" stroke-width="5" filter="url(#lift)"/>
  <path d="${shieldPath(front.cx, front.top + 22, front.w - 44, front.h - 44)}" fill="none" stroke="${palette.gold300}" stroke-opacity="0.25" stroke-width="2"/>
  <circle cx="${lock[0]}" cy="${lock[1]}" r="200" fill="url(#core)"/>
  <g stroke="${palette.link}" stroke-opacity="0.55" stroke-width="3">${edges.map(([a, b]) => `<path d="M${xy(nodes[a]!)} L${xy(nodes[b]!)}"/>`).join("")}</g>
  ${nodes.map((node) => personNode(node, palette.link, palette.figure, 36)).join("")}
  <g transform="translate(${xy(lock)})" filter="url(#lift)">
    <path d="M-30 -20 V-44 a30 30 0 0 1 60 0 V-20" fill="none" stroke="${palette.gold300}" stroke-width="12"/>
    <rect x="-50" y="-24" width="100" height="84" rx="18" fill="${palette.gold500}" stroke="${palette.gold300}" stroke-width="3"/>
    <circle cy="10" r="11" fill="${palette.navy950}"/>
    <rect x="-4.5" y="12" width="9" height="26" rx="4" fill="${palette.navy950}"/>
  </g>`);
}

/**
 * The inner pages' hero art, by file name under app/assets/images/: each is written as
 * optimised SVG that its page inlines, and as a PNG that its social card shows.
 */
export const heroScenes: Record<string, () => string> = {
  "right-seat-scene": rightSeatScene,
  "two-audiences-scene": twoAudiencesScene,
  "supported-network-scene": supportedNetworkScene,
};

/** The transparent scenes, by file name under app/assets/images/: the hero art, and the orbit the other cards show. */
export const networkScenes: Record<string, () => string> = {
  "orbit-scene": orbitScene,
  ...heroScenes,
};
