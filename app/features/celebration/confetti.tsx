import { useEffect } from "react";
import { CONFETTI_DURATION_MS, playConfetti } from "./confetti-pieces";

/**
 * A 3-second burst of 50 falling DOM pieces in 10 colours (the same as the home page's
 * script plays). It calls `onComplete` when the time is up; unmounting it clears the
 * pieces. Callers skip it under reduced motion.
 */
export function Confetti({ onComplete }: { onComplete: () => void }) {
  useEffect(() => {
    const layer = playConfetti();
    const timer = window.setTimeout(onComplete, CONFETTI_DURATION_MS);
    return () => {
      window.clearTimeout(timer);
      layer.remove();
    };
  }, [onComplete]);
  return null;
}
