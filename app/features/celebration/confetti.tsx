import { useEffect, useState } from "react";

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

/**
 * A 3-second burst of 50 falling DOM pieces in 10 colours. It calls `onComplete`
 * when the time is up; the parent then unmounts it, which clears the pieces.
 * Callers skip it under reduced motion.
 */
export function Confetti({ onComplete }: { onComplete: () => void }) {
  const [pieces] = useState(makePieces);

  useEffect(() => {
    const timer = window.setTimeout(onComplete, CONFETTI_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [onComplete]);

  return (
    <div data-testid="confetti" aria-hidden="true" className="pointer-events-none fixed inset-0 z-[60] overflow-hidden">
      {pieces.map((piece, index) => (
        <span
          key={index}
          ref={(element) => {
            // The Web Animations API keeps the keyframes beside the pieces and out of the global CSS.
            const animation = element?.animate(
              [
                { transform: "translate3d(0, -5vh, 0) rotate(0deg)", opacity: 1 },
                { transform: `translate3d(${piece.drift}px, 105vh, 0) rotate(${piece.spin}deg)`, opacity: 0.9 },
              ],
              {
                duration: CONFETTI_DURATION_MS - piece.delay,
                delay: piece.delay,
                easing: "cubic-bezier(0.2, 0.6, 0.4, 1)",
                fill: "both",
              },
            );
            return () => animation?.cancel();
          }}
          className="absolute top-0 block rounded-[2px]"
          style={{ left: `${piece.left}%`, width: piece.width, height: piece.height, backgroundColor: piece.colour }}
        />
      ))}
    </div>
  );
}
