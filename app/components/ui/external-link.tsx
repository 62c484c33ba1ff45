import type { AnchorHTMLAttributes } from "react";

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "target" | "rel"> & {
  href: string;
  /** What screen readers hear after the link text, e.g. "(opens in a new tab)" (the copy's `newTabHint`). */
  newTabHint: string;
};

/** A link to another site: opens a new tab, shares no opener or referrer, and says so to screen readers. */
export function ExternalLink({ children, newTabHint, ...props }: ExternalLinkProps) {
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {newTabHint}</span>
    </a>
  );
}
