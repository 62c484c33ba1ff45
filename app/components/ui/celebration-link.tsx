import type { ReactNode } from "react";

/** Marks a link that celebrates before it leaves; celebration-link.ts gives it its behaviour. */
export const CELEBRATION_ATTRIBUTE = "data-celebrate";

/**
 * A link that celebrates before it leaves: the confetti plays for its full duration,
 * then the link navigates (celebration-link-script.ts, about 1 KB, no React). It is a plain
 * `<a href>`, so before that script runs, without JavaScript and under reduced motion
 * it is an ordinary link.
 */
export function CelebrationLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <a href={to} className={className} {...{ [CELEBRATION_ATTRIBUTE]: "" }}>
      {children}
    </a>
  );
}
