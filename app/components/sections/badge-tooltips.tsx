import type { IconName } from "#shared/content/fields.ts";

export interface BadgeWithTooltip {
  icon: IconName;
  label: string;
  /** One sentence, shown in the badge's tooltip. */
  tooltip: string;
}
import { BadgeButton } from "#app/components/ui/badge.tsx";

const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/**
 * Badges on a dark hero, each explained by a one-sentence tooltip on hover or keyboard
 * focus. The markup is static: each tooltip is a hidden popover that describes its
 * badge (`aria-describedby`), so screen readers announce it with or without scripts.
 * badge-tooltips-script.ts (under 1 KB) shows them with the specification's delays.
 */
export function BadgeTooltips({ label, badges }: { label: string; badges: readonly BadgeWithTooltip[] }) {
  const headingId = "badge-tooltips-heading";
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {label}
      </h2>
      {/* badge-tooltips-script.ts binds the list and marks it "ready". */}
      <ul data-tooltips="pending" className="flex flex-wrap gap-3">
        {badges.map((badge) => {
          const tooltipId = `tooltip-${slug(badge.label)}`;
          return (
            <li key={badge.label}>
              <BadgeButton tone="on-dark" icon={badge.icon} aria-describedby={tooltipId}>
                {badge.label}
              </BadgeButton>
              <div
                id={tooltipId}
                role="tooltip"
                popover="manual"
                className="inset-auto m-0 max-w-72 rounded-xl border-0 bg-white px-4 py-3 text-sm leading-relaxed text-ink shadow-lift ring-1 ring-navy-900/10"
              >
                {badge.tooltip}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
