import type { Person, Quote } from "#shared/content/who-we-are.ts";
import type { SectionIntro } from "#shared/content/sections.ts";
import { ExternalLink } from "#app/components/ui/external-link.tsx";
import { Section, SectionHeader } from "./section";

/** Up to two letters of a name, for someone without a photo. */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");

/**
 * The people who review requests and lead searches, by name, title, photo and profile. Drawn only when
 * the team has named someone (content/who-we-are.yaml): no placeholder person ever shows.
 */
export function PeopleSection({
  intro,
  members,
  newTabHint,
  id,
}: {
  intro: SectionIntro;
  members: readonly Person[];
  newTabHint: string;
  id: string;
}) {
  if (members.length === 0) return null;
  return (
    <Section id="people" labelledBy={id}>
      <SectionHeader intro={intro} id={id} />
      <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {members.map((person) => (
          <li key={person.name} className="flex items-center gap-5">
            {/* A fixed square: the photo's box is there before it loads, so nothing shifts. */}
            {person.photo ? (
              <img
                src={person.photo}
                alt=""
                width={64}
                height={64}
                loading="lazy"
                decoding="async"
                className="size-16 shrink-0 rounded-full object-cover"
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex size-16 shrink-0 items-center justify-center rounded-full bg-navy-900 font-display text-xl font-semibold text-gold-300"
              >
                {initials(person.name)}
              </span>
            )}
            <div className="min-w-0">
              <h3 className="font-display text-xl font-semibold text-navy-900">
                {person.profile ? (
                  <ExternalLink
                    href={person.profile}
                    newTabHint={newTabHint}
                    className="underline decoration-navy-100 decoration-2 underline-offset-4 hover:decoration-navy-600"
                  >
                    {person.name}
                  </ExternalLink>
                ) : (
                  person.name
                )}
              </h3>
              <p className="mt-1 text-body">{person.title}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** What leaders and employers say, with who said it. Drawn only when there is a quote (content/who-we-are.yaml). */
export function QuotesSection({ intro, items, id }: { intro: SectionIntro; items: readonly Quote[]; id: string }) {
  if (items.length === 0) return null;
  return (
    <Section id="quotes" labelledBy={id} tone="surface">
      <SectionHeader intro={intro} id={id} />
      <ul className="mt-12 grid gap-10 lg:grid-cols-2">
        {items.map((quote) => (
          <li key={quote.text}>
            <figure className="border-l-2 border-gold-500 pl-6">
              <blockquote className="font-display text-xl leading-snug text-navy-900 sm:text-2xl">
                <p>“{quote.text}”</p>
              </blockquote>
              <figcaption className="mt-4 text-body">
                <span className="font-semibold text-navy-900">{quote.name}</span>, {quote.role}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
