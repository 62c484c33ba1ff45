import { useCallback, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Confetti } from "./confetti";
import { prefersReducedMotion } from "~/lib/use-reduced-motion";

/**
 * A link that celebrates before it leaves: the confetti plays for its full duration,
 * then the link navigates. Further clicks during the celebration do nothing. Under
 * reduced motion it is an ordinary link and navigates at once; before hydration it
 * is a plain `<a href>`, so it works without JavaScript too.
 */
export function CelebrationLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  const [celebrating, setCelebrating] = useState(false);
  // Set in the click handler itself, so even two clicks before a re-render start one celebration.
  const started = useRef(false);

  const finish = useCallback(() => {
    setCelebrating(false);
    void navigate(to);
  }, [navigate, to]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // New-tab and other modified clicks keep the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (started.current) {
      event.preventDefault();
      return;
    }
    if (prefersReducedMotion()) return;
    event.preventDefault();
    started.current = true;
    setCelebrating(true);
  };

  return (
    <>
      {/* Fetching the next page's code on intent makes the hand-over after the confetti instant. */}
      <Link to={to} prefetch="intent" onClick={onClick} className={className}>
        {children}
      </Link>
      {celebrating && <Confetti onComplete={finish} />}
    </>
  );
}
