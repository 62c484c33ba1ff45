// The confetti: its numbers, its pieces and the one function that plays it, shared by the
// React component (the request page's island) and the home page's plain script. No
// React here, so the script stays small.
const CONFETTI_PIECES = 50;
export const CONFETTI_DURATION_MS = 3000;
const CONFETTI_COLOURS = [
  "#0b1f3a",
  "#24508c",
  "#4f86d9",
  "#8fb8ef",
  "#b8893b",
  "#dcc08a",
  "#f2d16b",
  "#0f766e",
  "#5eead4",
  "#e76f51",
] as const;

interface Piece {
  left: number;
  delay: number;
  drift: number;
  spin: number;
  width: number;
  height: number;
  colour: string;
}

function makePieces(): Piece[] {
  return Array.from({ length: CONFETTI_PIECES }, (_, index) => ({
    left: Math.random() * 100,
    delay: Math.random() * 0.25 * CONFETTI_DURATION_MS,
    drift: (Math.random() - 0.5) * 240,
    spin: 360 + Math.random() * 720,
    width: 6 + Math.random() * 6,
    height: 10 + Math.random() * 8,
    // Every colour is used five times, so all ten always show.
    colour: CONFETTI_COLOURS[index % CONFETTI_COLOURS.length]!,
  }));
}

const CONTAINER_CLASS = "pointer-events-none fixed inset-0 z-[60] overflow-hidden";
const PIECE_CLASS = "absolute top-0 block rounded-[2px]";

/** A piece falls from above the screen to below it, drifting and spinning. */
function pieceKeyframes(piece: Piece): Keyframe[] {
  return [
    { transform: "translate3d(0, -5vh, 0) rotate(0deg)", opacity: 1 },
    { transform: `translate3d(${piece.drift}px, 105vh, 0) rotate(${piece.spin}deg)`, opacity: 0.9 },
  ];
}

function pieceTiming(piece: Piece): KeyframeAnimationOptions {
  return {
    duration: CONFETTI_DURATION_MS - piece.delay,
    delay: piece.delay,
    easing: "cubic-bezier(0.2, 0.6, 0.4, 1)",
    fill: "both",
  };
}

/**
 * Plays the confetti: a layer of 50 DOM pieces on the page, animated with the Web
 * Animations API (the keyframes stay beside the pieces, out of the global CSS). The
 * caller removes the layer when CONFETTI_DURATION_MS is up.
 */
export function playConfetti(): HTMLElement {
  const layer = document.createElement("div");
  layer.dataset.testid = "confetti";
  layer.setAttribute("aria-hidden", "true");
  layer.className = CONTAINER_CLASS;
  for (const piece of makePieces()) {
    const element = document.createElement("span");
    element.className = PIECE_CLASS;
    Object.assign(element.style, {
      left: `${piece.left}%`,
      width: `${piece.width}px`,
      height: `${piece.height}px`,
      backgroundColor: piece.colour,
    });
    layer.append(element);
    element.animate(pieceKeyframes(piece), pieceTiming(piece));
  }
  document.body.append(layer);
  return layer;
}
