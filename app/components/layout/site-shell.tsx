import type { ReactNode } from "react";
import { MAIN_CONTENT_ID, SkipLink } from "./skip-link";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Skip link, fixed header, `<main>` and footer: the frame of every page, error screens included. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      {/* tabIndex lets the skip link move focus here, not only scroll. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 pt-header outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
