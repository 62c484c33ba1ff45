import type { IllustrationName } from "#shared/content/fields.ts";
import type { AudiencePanel, LinkAction } from "#shared/content/sections.ts";
import { illustration } from "#app/lib/images.ts";
import { ArrowLink } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { ResponsivePicture } from "#app/components/ui/responsive-picture.tsx";
import { Eyebrow } from "./section";

// Two columns inside the page container from 768 px; one full-width column below.
const PANEL_IMAGE_SIZES = "(min-width: 1216px) 36rem, (min-width: 768px) 46vw, 100vw";

/** Side-by-side panels, one per audience (TA leaders | organizations), each with its illustration. */
export function AudiencePanels({
  panels,
  illustrationAlt,
}: {
  panels: readonly (AudiencePanel & { action?: LinkAction })[];
  /** What each illustration shows, in words (content/site.yaml, `illustrations`). */
  illustrationAlt: Record<IllustrationName, string>;
}) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:gap-8">
      {panels.map((panel) => (
        <li
          key={panel.title}
          className="flex flex-col overflow-hidden rounded-card border border-line bg-white shadow-card"
        >
          {panel.illustration && (
            <ResponsivePicture
              image={illustration(panel.illustration, illustrationAlt[panel.illustration])}
              sizes={PANEL_IMAGE_SIZES}
              className="aspect-[16/9] h-auto w-full bg-navy-800 object-cover"
            />
          )}
          <div className="flex flex-1 flex-col p-7 sm:p-9">
            <Eyebrow>{panel.eyebrow}</Eyebrow>
            <h3 className="mt-3 text-2xl font-semibold tracking-tight">{panel.title}</h3>
            <p className="mt-4 leading-relaxed text-muted">{panel.body}</p>
            <ul className="mt-6 space-y-3">
              {panel.points.map((point) => (
                <li key={point} className="flex gap-3 text-ink">
                  <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-gold-100 text-gold-700">
                    <Icon name="check" className="size-3.5" />
                  </span>
                  {point}
                </li>
              ))}
            </ul>
            {panel.action && (
              <div className="mt-auto pt-8">
                <ArrowLink href={panel.action.href}>{panel.action.label}</ArrowLink>
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
