import { useEffect, useState } from "react";
import {
  CONFETTI_DURATION_MS,
  CONTAINER_CLASS,
  makePieces,
  PIECE_CLASS,
  pieceKeyframes,
  pieceTiming,
} from "./confetti-pieces";

export { CONFETTI_COLOURS, CONFETTI_DURATION_MS, CONFETTI_PIECES } from "./confetti-pieces";

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
    <div data-testid="confetti" aria-hidden="true" className={CONTAINER_CLASS}>
      {pieces.map((piece, index) => (
        <span
          key={index}
          ref={(element) => {
            // The Web Animations API keeps the keyframes beside the pieces and out of the global CSS.
            const animation = element?.animate(pieceKeyframes(piece), pieceTiming(piece));
            return () => animation?.cancel();
          }}
          className={PIECE_CLASS}
          style={{ left: `${piece.left}%`, width: piece.width, height: piece.height, backgroundColor: piece.colour }}
        />
      ))}
    </div>
  );
}
