import type { LinkAction, SectionIntro } from "#shared/content/sections.ts";
import { ArrowLink } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Section, SectionHeader } from "./section";

/** Both audiences' services as two compact lists, with a link to the full descriptions. */
interface OverviewContent {
  intro: SectionIntro;
  /** Each audience's services by title (content/how-we-help.yaml), under its column's title. */
  columns: readonly { title: string; items: readonly string[] }[];
  more: LinkAction;
}

export function ServicesOverview({ content, id }: { content: OverviewContent; id: string }) {
  return (
    <Section labelledBy={id} tone="surface">
      <div className="grid gap-12 lg:grid-cols-[minmax(0,0.8fr)_minmax(0,1.2fr)] lg:gap-16">
        <div>
          <SectionHeader intro={content.intro} id={id} />
          <ArrowLink href={content.more.href} className="mt-8">
            {content.more.label}
          </ArrowLink>
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          {content.columns.map((column, index) => (
            <div key={column.title} className="rounded-card border border-line bg-white p-7 shadow-card">
              <h3 className="flex items-center gap-3 text-lg font-semibold">
                <span
                  className={
                    index === 0
                      ? "inline-flex size-9 items-center justify-center rounded-lg bg-navy-900 text-gold-300"
                      : "inline-flex size-9 items-center justify-center rounded-lg bg-gold-500 text-navy-950"
                  }
                >
                  <Icon name={index === 0 ? "user-badge" : "building"} className="size-5" />
                </span>
                {column.title}
              </h3>
              <ul className="mt-6 divide-y divide-line">
                {column.items.map((item) => (
                  <li key={item} className="flex items-start gap-3 py-3 text-ink">
                    <Icon name="check" className="mt-0.5 size-5 text-gold-600" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </Section>
  );
}
