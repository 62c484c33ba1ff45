/**
 * The roles as visitors see them: a role's page and the list of open roles. Static HTML (no
 * island): links and the request button work before any script.
 *
 * The list page (and the home page's band, app/pages/_home.tsx) is prerendered with every role the
 * server may list (open or upcoming at the build), each part marked for the build with what it
 * waits for (shared/roles/page.ts, RolesShown): one item per role, what shows while some role is
 * open (the list, its heading) or none is (the empty state, its heading); the server joins the
 * parts for the roles open at each moment (docs/decisions/0026-roles-reach-searchers.md), and so
 * does the build for its own copy.
 */
import { Fragment, type ReactNode } from "react";
import type { OpenRolesWords } from "#shared/content/open-roles.ts";
import { namedEmployer, type RoleFields } from "#shared/roles/schema.ts";
import { ROLE_PARAM, ROLES_FEED_PATH, rolePath, type RolesShown } from "#shared/roles/page.ts";
import { locationText } from "#shared/roles/location.ts";
import { requestPagePath, ROUTES } from "#shared/routes.ts";
import { ArrowIcon, LinkButton } from "#app/components/ui/button.tsx";
import { ArrowLeftIcon } from "#app/components/ui/icons.tsx";
import { Eyebrow, EyebrowHeadingText } from "#app/components/sections/section.tsx";
import { cn } from "#app/lib/cn.ts";
import type { RoleDescriptionHtml } from "#app/features/roles/role-description.ts";
import { roleFacts, type RoleFact } from "./role-facts";

/** The request page with the role chosen (leaders' mode: a role is for a TA leader). */
export const roleRequestPath = (slug: string) => `${requestPagePath("candidate")}?${ROLE_PARAM}=${slug}`;

function Facts({ facts, tone = "light" }: { facts: RoleFact[]; tone?: "light" | "dark" }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4 sm:gap-x-8 lg:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.label} className="min-w-0">
          <dt className={tone === "dark" ? "text-sm text-navy-100/80" : "text-sm text-muted"}>{fact.label}</dt>
          <dd className={tone === "dark" ? "mt-0.5 font-semibold text-white" : "mt-0.5 font-semibold text-ink"}>
            {fact.dateTime ? <time dateTime={fact.dateTime}>{fact.value}</time> : fact.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul className="mt-5 grid gap-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-body">
          <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-gold-500" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** A part of a role's page under its heading, which names it. */
function RoleSection({
  id,
  heading,
  className,
  children,
}: {
  id: string;
  heading: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** A role's page: what it is, who hires (or Confidential), where, the pay when given, and the way to ask for it. */
export function RolePage({
  role,
  description,
  words,
}: {
  role: RoleFields & { slug: string };
  /**
   * The description: its Markdown as HTML, rendered by the build from the role's file (which the
   * build checks holds no HTML of its own) and kept to Markdown's elements and the links a role
   * may carry (app/features/roles/role-description.ts), as its JobPosting has it; or the editor's preview of it.
   */
  description: { html: RoleDescriptionHtml } | { node: ReactNode };
  words: OpenRolesWords;
}) {
  const { role: copy } = words;
  const employer = namedEmployer(role) ?? words.facts.confidential;
  return (
    <>
      <div className="relative isolate overflow-hidden bg-navy-900 text-white">
        <div aria-hidden="true" className="absolute inset-0 -z-10 hero-grid-dark" />
        <div className="container-page pt-10 pb-14 sm:pt-14 sm:pb-20">
          <a
            href={ROUTES.openRoles.path}
            className="group inline-flex items-center gap-2 rounded-md text-sm font-medium text-navy-100 transition-colors hover:text-white"
          >
            <ArrowLeftIcon className="size-4 stroke-[2.4] transition-transform group-hover:-translate-x-0.5" />
            {copy.backLink}
          </a>
          <div className="mt-8">
            <Eyebrow tone="dark">{copy.eyebrow}</Eyebrow>
          </div>
          <h1 className="mt-3 max-w-4xl text-display font-semibold break-words text-white">{role.title}</h1>
          <p className="mt-4 text-lead text-navy-100">
            {employer} · {locationText(role.location, words.facts)}
          </p>
          <div className="mt-10 max-w-4xl border-t border-white/15 pt-8">
            <Facts facts={roleFacts(role, words.facts, { posted: true })} tone="dark" />
          </div>
          {/* On narrow screens the side card comes after the description: the way to ask is offered here first. */}
          <LinkButton
            href={roleRequestPath(role.slug)}
            variant="accent"
            size="lg"
            arrow
            className="mt-10 w-full sm:w-auto lg:hidden"
          >
            {copy.request}
          </LinkButton>
        </div>
      </div>
      <div className="container-page grid gap-12 py-16 sm:py-20 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-16">
        <div className="max-w-3xl min-w-0">
          <RoleSection id="role-description" heading={copy.descriptionHeading}>
            <div
              {...("html" in description
                ? { dangerouslySetInnerHTML: { __html: description.html } }
                : { children: description.node })}
              className="mt-5 grid gap-4 text-body [&_a]:font-medium [&_a]:text-navy-900 [&_a]:underline [&_a]:underline-offset-4 [&_li]:ml-5 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_strong]:font-semibold [&_strong]:text-ink [&_ul]:list-disc [&_ul]:space-y-2"
            />
          </RoleSection>
          <RoleSection id="role-qualifications" heading={copy.qualificationsHeading} className="mt-12">
            <BulletList items={role.qualifications} />
          </RoleSection>
          <RoleSection id="role-responsibilities" heading={copy.responsibilitiesHeading} className="mt-12">
            <BulletList items={role.responsibilities} />
          </RoleSection>
        </div>
        <aside aria-label={role.title} className="lg:sticky lg:top-[calc(var(--spacing-header)+2rem)] lg:self-start">
          <div className="rounded-card border border-line bg-white p-6 shadow-lift sm:p-8">
            <p className="text-lg font-semibold text-ink">{role.title}</p>
            <p className="mt-1 text-sm text-muted">{employer}</p>
            <LinkButton href={roleRequestPath(role.slug)} size="lg" arrow className="mt-6 w-full">
              {copy.request}
            </LinkButton>
            <p className="mt-4 text-sm text-muted">{copy.requestNote}</p>
          </div>
        </aside>
      </div>
    </>
  );
}

/** A role in a list: its title (the link), who and where, and the facts a leader scans for. */
function RoleCard({
  role,
  words,
  headingLevel,
}: {
  role: RoleFields & { slug: string };
  words: OpenRolesWords;
  headingLevel: "h2" | "h3";
}) {
  const Heading = headingLevel;
  // The employer heads the card, so it is left out of the facts.
  const facts = roleFacts(role, words.facts, { employer: false });
  return (
    <article className="group relative flex h-full flex-col rounded-card border border-line bg-white p-6 shadow-card transition-shadow hover:shadow-lift sm:p-7">
      <p className="text-sm font-semibold text-gold-600">{namedEmployer(role) ?? words.facts.confidential}</p>
      <Heading className="mt-2 text-xl font-semibold tracking-tight break-words text-ink">
        {/* The whole card is the link's target, through this link's stretched box. */}
        <a href={rolePath(role.slug)} className="after:absolute after:inset-0 after:rounded-card">
          {role.title}
        </a>
      </Heading>
      <p className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
        {facts.map((fact) => (
          <span key={fact.label}>
            {fact.dateTime ? (
              <>
                {fact.label} <time dateTime={fact.dateTime}>{fact.value}</time>
              </>
            ) : (
              <>
                <span className="sr-only">{fact.label}: </span>
                {fact.value}
              </>
            )}
          </span>
        ))}
      </p>
      <span aria-hidden="true" className="mt-auto pt-5 text-navy-900">
        <ArrowIcon />
      </span>
    </article>
  );
}

/**
 * Where a part of a page that shows the roles begins, and what it waits for (shared/roles/page.ts),
 * for the build to cut it there (removed from what is served); nothing unless `marked`.
 */
export function RolesPart({ shown, marked }: { shown: RolesShown; marked: boolean }) {
  return marked ? <template data-roles-part={shown} /> : null;
}

/** Open roles as cards, each its own item; `marked`, each item waits for its role, the list's end for some role. */
export function RoleList({
  roles,
  words,
  marked,
  headingLevel = "h2",
  className,
}: {
  roles: readonly (RoleFields & { slug: string })[];
  words: OpenRolesWords;
  marked: boolean;
  /** The cards' titles: h3 under a section's heading (the home page's band). */
  headingLevel?: "h2" | "h3";
  className?: string;
}) {
  return (
    <ul aria-label={words.list.label} className={cn("grid gap-5 md:grid-cols-2 xl:grid-cols-3", className)}>
      {roles.map((role) => (
        <Fragment key={role.slug}>
          <RolesPart shown={`item:${role.slug}`} marked={marked} />
          <li>
            <RoleCard role={role} words={words} headingLevel={headingLevel} />
          </li>
        </Fragment>
      ))}
      <RolesPart shown="some" marked={marked} />
    </ul>
  );
}

/**
 * The list of open roles, /roles; when none is open, the empty state instead. `marked`: the build's
 * render, with every role it may list and every part marked (above); the server and the build
 * then join the parts for the roles open at the time, and only those.
 */
export function RolesListPage({
  roles,
  words,
  marked = false,
}: {
  roles: readonly (RoleFields & { slug: string })[];
  words: OpenRolesWords;
  marked?: boolean;
}) {
  const { meta, hero, list } = words;
  const empty = roles.length === 0;
  return (
    <>
      <div className="relative isolate overflow-hidden bg-navy-900 text-white">
        <div aria-hidden="true" className="absolute inset-0 -z-10 hero-grid-dark" />
        <div className="container-page pt-20 pb-16 sm:pt-24 sm:pb-20">
          {/* The heading says what the page shows: the roles open now, or none open. */}
          <h1 className="max-w-3xl text-display font-semibold text-white">
            <EyebrowHeadingText
              eyebrow={hero.eyebrow}
              title={
                marked ? (
                  <>
                    <RolesPart shown="some" marked />
                    {meta.heading}
                    <RolesPart shown="none" marked />
                    {hero.emptyHeading}
                    <RolesPart shown="always" marked />
                  </>
                ) : empty ? (
                  hero.emptyHeading
                ) : (
                  meta.heading
                )
              }
              tone="dark"
            />
          </h1>
          <p className="mt-6 max-w-2xl text-lead text-navy-100">{hero.lead}</p>
          <p className="mt-4 text-sm">
            <a
              href={ROLES_FEED_PATH}
              className="font-medium text-navy-100 underline underline-offset-4 transition-colors hover:text-white"
            >
              {words.feed.label}
            </a>
          </p>
        </div>
      </div>
      <div className="container-page py-16 sm:py-20">
        <RolesPart shown="some" marked={marked} />
        {(marked || !empty) && <RoleList roles={roles} words={words} marked={marked} />}
        <RolesPart shown="none" marked={marked} />
        {(marked || empty) && (
          <div className="max-w-2xl rounded-card border border-line bg-surface p-8">
            <p className="text-lead text-body">{list.empty}</p>
            <LinkButton href={requestPagePath("candidate")} size="lg" arrow className="mt-6">
              {list.emptyAction}
            </LinkButton>
          </div>
        )}
        <RolesPart shown="some" marked={marked} />
        {(marked || !empty) && (
          <div className="mt-16 flex flex-col items-start justify-between gap-6 border-t border-line pt-10 md:flex-row md:items-center">
            <p className="max-w-2xl text-lead text-body">{list.noFit}</p>
            <LinkButton href={requestPagePath("candidate")} variant="secondary" size="lg" arrow className="shrink-0">
              {list.noFitAction}
            </LinkButton>
          </div>
        )}
        <RolesPart shown="always" marked={marked} />
      </div>
    </>
  );
}
