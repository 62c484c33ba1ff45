import type { AnchorHTMLAttributes } from "react";
import { newTabHint } from "~/content/shared";

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & { href: string };

/** A link to another site: opens a new tab, shares no opener or referrer, and says so to screen readers. */
export function ExternalLink({ children, ...props }: ExternalLinkProps) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {newTabHint}</span>
    </a>
  );
}
