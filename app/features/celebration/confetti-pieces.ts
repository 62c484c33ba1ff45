// The confetti's numbers and pieces, shared by the React component (the request page's
// island) and the home page's plain script: no React here, so the script stays small.
export const CONFETTI_PIECES = 50;
export const CONFETTI_DURATION_MS = 3000;
export const CONFETTI_COLOURS = [
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

export interface Piece {
  left: number;
  delay: number;
  drift: number;
  spin: number;
  width: number;
  height: number;
  colour: string;
}

export function makePieces(): Piece[] {
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

export const CONTAINER_CLASS = "pointer-events-none fixed inset-0 z-[60] overflow-hidden";
export const PIECE_CLASS = "absolute top-0 block rounded-[2px]";

/** A piece falls from above the screen to below it, drifting and spinning. */
export function pieceKeyframes(piece: Piece): Keyframe[] {
  return [
    { transform: "translate3d(0, -5vh, 0) rotate(0deg)", opacity: 1 },
    { transform: `translate3d(${piece.drift}px, 105vh, 0) rotate(${piece.spin}deg)`, opacity: 0.9 },
  ];
}

export function pieceTiming(piece: Piece): KeyframeAnimationOptions {
  return {
    duration: CONFETTI_DURATION_MS - piece.delay,
    delay: piece.delay,
    easing: "cubic-bezier(0.2, 0.6, 0.4, 1)",
    fill: "both",
  };
}
