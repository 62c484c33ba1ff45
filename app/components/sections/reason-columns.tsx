import type { Feature, SectionIntro } from "#shared/content/sections.ts";

/** One audience's reasons, under its section's anchor (`id`). */
export interface ReasonGroup {
  id: string;
  intro: SectionIntro;
  reasons: readonly Feature[];
}
import { IconTile } from "#app/components/ui/card.tsx";
import { Eyebrow } from "./section";

/** Two audiences' reasons side by side, each a short list of icon, title and sentence. */
export function ReasonColumns({ groups }: { groups: readonly ReasonGroup[] }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2 lg:gap-8">
      {groups.map((group, index) => (
        <section
          key={group.id}
          id={group.id}
          aria-labelledby={`${group.id}-heading`}
          className={
            index === 0
              ? "rounded-card bg-navy-900 p-7 text-white shadow-lift sm:p-10"
              : "rounded-card border border-line bg-white p-7 shadow-card sm:p-10"
          }
        >
          <Eyebrow tone={index === 0 ? "dark" : "light"}>{group.intro.eyebrow}</Eyebrow>
          <h2
            id={`${group.id}-heading`}
            className={index === 0 ? "mt-3 text-3xl font-semibold text-white" : "mt-3 text-3xl font-semibold"}
          >
            {group.intro.title}
          </h2>
          <ul className="mt-8 space-y-7">
            {group.reasons.map((reason) => (
              <li key={reason.title} className="flex gap-5">
                <IconTile feature={reason} tone="gold" />
                <div className="min-w-0">
                  <h3 className={index === 0 ? "text-lg font-semibold text-white" : "text-lg font-semibold"}>
                    {reason.title}
                  </h3>
                  <p className={index === 0 ? "mt-1 leading-relaxed text-navy-100" : "mt-1 leading-relaxed text-muted"}>
                    {reason.body}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
