import { useEffect, useId, useState, type ReactElement } from "react";
import type { BadgeWithTooltip } from "~/content/how-we-help";
import { BadgeButton } from "~/components/ui/badge";
// A type-only import: erased at build time, so the module itself still loads lazily below.
import type * as TooltipModuleExports from "~/components/ui/tooltip";

type TooltipModule = typeof TooltipModuleExports;

/**
 * Badges on a dark hero, each explained by a one-sentence tooltip on hover or keyboard
 * focus. The tooltip library (about 20 KB gzip) is fetched after hydration, off the
 * page's critical path; until it arrives the badges are plain buttons. `data-tooltips`
 * says which state the list is in.
 */
export function BadgeTooltips({ label, badges }: { label: string; badges: readonly BadgeWithTooltip[] }) {
  const headingId = useId();
  const [tooltips, setTooltips] = useState<TooltipModule | null>(null);

  useEffect(() => {
    let mounted = true;
    void import("~/components/ui/tooltip").then((module) => {
      if (mounted) setTooltips(module);
    });
    return () => {
      mounted = false;
    };
  }, []);

  const list = (wrap: (badge: BadgeWithTooltip, button: ReactElement) => ReactElement) => (
    <ul data-tooltips={tooltips ? "ready" : "pending"} className="flex flex-wrap gap-3">
      {badges.map((badge) => (
        <li key={badge.label}>
          {wrap(
            badge,
            <BadgeButton tone="on-dark" icon={badge.icon}>
              {badge.label}
            </BadgeButton>,
          )}
        </li>
      ))}
    </ul>
  );

  const heading = (
    <h2 id={headingId} className="sr-only">
      {label}
    </h2>
  );
  if (!tooltips)
    return (
      <section aria-labelledby={headingId}>
        {heading}
        {list((_, button) => button)}
      </section>
    );
  const { Tooltip, TooltipProvider } = tooltips;
  return (
    <section aria-labelledby={headingId}>
      {heading}
      <TooltipProvider>
        {list((badge, button) => (
          <Tooltip content={badge.tooltip}>{button}</Tooltip>
        ))}
      </TooltipProvider>
    </section>
  );
}
