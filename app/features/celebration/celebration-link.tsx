import type { ReactNode } from "react";

/**
 * A link that celebrates before it leaves: the confetti plays for its full duration,
 * then the link navigates (celebration-link-script.ts, about 1 KB, no React). It is a plain
 * `<a href>`, so before that script runs, without JavaScript and under reduced motion
 * it is an ordinary link.
 */
export function CelebrationLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={href} className={className} data-celebrate="">
      {children}
    </a>
  );
}
