import type { Feature } from "#shared/content/sections.ts";
import { Icon } from "#app/components/ui/icon.tsx";

/** A quiet band of short promises: icon, title, one line each. */
export function ClaimsStrip({ label, items, id }: { label: string; items: readonly Feature[]; id: string }) {
  return (
    <section aria-labelledby={id} className="border-y border-line/70 bg-surface py-14 sm:py-16">
      <div className="container-page">
        <h2 id={id} className="text-center text-sm font-semibold tracking-[0.14em] text-gold-600 uppercase">
          {label}
        </h2>
        <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-5 lg:gap-6">
          {items.map((item) => (
            <li key={item.title} className="flex gap-4 lg:flex-col lg:gap-3">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-navy-700 shadow-card ring-1 ring-line">
                <Icon name={item.icon} className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold">{item.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted">{item.body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
