import { ShieldCheckIcon } from "#app/components/ui/icons.tsx";
import { ExternalLink } from "#app/components/ui/external-link.tsx";

interface SupporterBadgeProps {
  label: string;
  /** Appended, visually hidden, to its link, which opens a new tab. */
  newTabHint: string;
  name: string;
  url: string;
}

/** "Supported by <provider>": the parent provider's credit, linking to its site. */
export function SupporterBadge({ label, newTabHint, name, url }: SupporterBadgeProps) {
  return (
    <p className="flex flex-wrap items-center gap-x-2.5 gap-y-1 text-sm">
      <span
        aria-hidden="true"
        className="flex size-7 items-center justify-center rounded-full bg-navy-900 text-gold-300"
      >
        {/* Drawn here, not from ui/icon: the whole icon set would add 1.4 KB gzip to this page. */}
        <ShieldCheckIcon className="size-4 stroke-2" />
      </span>
      <span className="whitespace-nowrap text-muted">{label}</span>
      <ExternalLink
        newTabHint={newTabHint}
        href={url}
        className="font-semibold text-navy-900 underline decoration-gold-500/60 decoration-2 underline-offset-4 transition-colors hover:decoration-gold-500"
      >
        {name}
      </ExternalLink>
    </p>
  );
}
