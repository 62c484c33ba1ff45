/**
 * The editor's previews: each page drawn as visitors see it, by the page's own components and
 * the site's CSS, from the words being edited. A field emptied while typing shows as empty;
 * a preview that cannot be drawn says so and names the page (the build's checks say why).
 */
import { Component, type ComponentType, type ReactNode } from "react";
import type { CMS as DecapCms, PreviewTemplateComponentProps } from "decap-cms-core";
import type { HowWeHelpWords } from "#shared/content/how-we-help.ts";
import type { TermsWords } from "#shared/content/terms-of-engagement.ts";
import type { RequestInvitationWords } from "#shared/content/request-invitation.ts";
import type { SiteWords } from "#shared/content/site.ts";
import { modeLinks } from "#shared/routes.ts";
import { site } from "#app/config/site.ts";
import { withSiteFacts } from "#shared/content/site-facts.ts";
import HomePage from "#app/pages/_home.tsx";
import HowWeHelpPage from "#app/pages/_how-we-help.tsx";
import MissionPage from "#app/pages/_mission.tsx";
import QuestionsPage from "#app/pages/_questions.tsx";
import TermsPage from "#app/pages/_terms.tsx";
import WhoWeArePage from "#app/pages/_who-we-are.tsx";
import { EmailsPreview } from "./email-preview";
import type { OpenRolesWords } from "#shared/content/open-roles.ts";
import { EMPLOYMENT_TYPES, SALARY_CURRENCIES, type RoleFields } from "#shared/roles/schema.ts";
import { RolePage, RolesListPage } from "#app/features/roles/role-views.tsx";
import { NextSteps, ReplyAddress, SentMark } from "#app/features/invitation/confirmation-notice.tsx";
import { FormIntro } from "#app/features/invitation/form-intro.tsx";
import { OwnForm } from "#app/features/invitation/own-form.tsx";
import { islandWords, RequestWords } from "#app/features/invitation/request-words.ts";
import { FILE_PROBLEM, toFileShape } from "./form-shape";
import type { PreviewedName } from "./editor-config";
import { ROLES_COLLECTION } from "./entry-checks";
import { PAGES } from "#shared/pages.ts";

/** The words of other files a page's preview shows beside its own (the build's, not the ones being edited). */
export interface PreviewData {
  siteWords: SiteWords;
  services: Pick<HowWeHelpWords, "leaders" | "organizations">;
  /** The roles' labels and headings (content/open-roles.yaml), around a role being edited. */
  openRolesWords: OpenRolesWords;
}

class PreviewBoundary extends Component<{ page: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidUpdate(previous: { children: ReactNode }) {
    // Another edit may make the page drawable again.
    if (this.state.failed && previous.children !== this.props.children) this.setState({ failed: false });
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p style={{ padding: "2rem", fontFamily: "system-ui" }}>
        The {this.props.page} preview shows here once every field is filled in.
      </p>
    );
  }
}

/** The entry's words as the page would show them: in the file's shape, this deployment's facts filled in. */
function wordsOf<T>(props: PreviewTemplateComponentProps): T {
  const data = props.entry.getIn(["data"]) as { toJS: () => unknown };
  return withSiteFacts(toFileShape(data.toJS()) as T, site);
}

/** A file whose text does not parse (./file-text-widget.tsx). */
const isBrokenFile = (props: PreviewTemplateComponentProps) =>
  (props.entry.getIn(["data"]) as { toJS: () => Record<string, unknown> }).toJS()[FILE_PROBLEM] !== undefined;

const isText = (value: unknown): value is string => typeof value === "string";
const oneOf = <T extends string>(choices: readonly T[], value: unknown): value is T => choices.includes(value as T);

/** The Terms as far as they are filled in: a section just added has no anchor yet, so the preview gives it one. */
function termsSoFar(terms: TermsWords): TermsWords {
  const sections = (terms.sections ?? []).map((section, index) => ({
    ...section,
    id: section.id || `section-${index + 1}`,
  }));
  return { ...terms, sections };
}

/**
 * A role as far as it is filled in, for its page's preview: a fact not given yet (a date being
 * typed, a pay without its currency) is left out or shown as typed, never an error while a
 * marketer fills the form. Lines typed twice show once (the page's lists are keyed by their words).
 */
function roleSoFar(data: Record<string, unknown>, slug: string): RoleFields & { slug: string } {
  const lines = (value: unknown) => [...new Set(Array.isArray(value) ? value.filter(isText).filter(Boolean) : [])];
  const salary = data.salary as Record<string, unknown> | undefined;
  const whole = (value: unknown): value is number => Number.isInteger(value);
  return {
    slug,
    title: isText(data.title) ? data.title : "",
    employer: isText(data.employer) && data.employer ? data.employer : undefined,
    location: isText(data.location) ? data.location : "",
    employmentType: oneOf(EMPLOYMENT_TYPES, data.employmentType) ? data.employmentType : "FULL_TIME",
    datePosted: isText(data.datePosted) ? data.datePosted : "",
    validThrough: isText(data.validThrough) ? data.validThrough : "",
    salary:
      salary && whole(salary.min) && whole(salary.max) && oneOf(SALARY_CURRENCIES, salary.currency)
        ? { min: salary.min, max: salary.max, currency: salary.currency }
        : undefined,
    qualifications: lines(data.qualifications),
    responsibilities: lines(data.responsibilities),
  };
}

type Preview = ComponentType<PreviewTemplateComponentProps>;

/** What its preview's stand-in calls an entry that cannot be drawn yet. */
const previewName = (name: PreviewedName | typeof ROLES_COLLECTION) =>
  name === ROLES_COLLECTION ? "role's" : name === "emails" ? "emails'" : `${PAGES[name].label} page's`;

export function registerPreviews(cms: DecapCms, { siteWords, services, openRolesWords }: PreviewData) {
  const requestActions = modeLinks(siteWords.requestActions);
  // One per file the editor previews (./editor-config.ts, PreviewedName), and the roles.
  const previews = {
    home: (props) => (
      <HomePage
        content={wordsOf(props)}
        services={services}
        siteWords={siteWords}
        audienceActions={modeLinks(siteWords.audienceActions)}
        requestActions={requestActions}
      />
    ),
    mission: (props) => <MissionPage content={wordsOf(props)} siteWords={siteWords} requestActions={requestActions} />,
    howWeHelp: (props) => <HowWeHelpPage content={wordsOf(props)} requestActions={requestActions} />,
    whoWeAre: (props) => (
      <WhoWeArePage content={wordsOf(props)} newTabHint={siteWords.newTabHint} requestActions={requestActions} />
    ),
    terms: (props) => <TermsPage content={termsSoFar(wordsOf(props))} contactEmail={site.contactEmail} />,
    questions: (props) => <QuestionsPage content={wordsOf(props)} requestActions={requestActions} />,
    requestInvitation: (props) => <RequestPagePreview words={wordsOf(props)} newTabHint={siteWords.newTabHint} />,
    // The list as it shows with no role open: its opening, the empty state and the closing line.
    openRoles: (props) => <RolesListPage roles={[]} words={wordsOf(props)} />,
    emails: (props) => <EmailsPreview words={wordsOf(props)} />,
    // A role, as its page shows it: the description is Decap's own rendering of the Markdown being typed.
    roles: (props) => (
      <RolePage
        role={roleSoFar(wordsOf<Record<string, unknown>>(props), String(props.entry.getIn(["slug"]) ?? ""))}
        description={{ node: props.widgetFor("body") }}
        words={withSiteFacts(openRolesWords, site)}
      />
    ),
  } satisfies Record<PreviewedName | typeof ROLES_COLLECTION, Preview>;
  for (const [name, Preview] of Object.entries(previews) as [keyof typeof previews, Preview][]) {
    cms.registerPreviewTemplate(name, (props) =>
      // A file whose text does not parse has no words to draw yet (./file-text-widget.tsx).
      isBrokenFile(props) ? (
        <p style={{ padding: "2rem", fontFamily: "system-ui" }}>
          The {previewName(name)} preview shows here once the file's text reads again and the page is opened again.
        </p>
      ) : (
        <PreviewBoundary page={previewName(name)}>
          <Preview {...props} />
        </PreviewBoundary>
      ),
    );
  }
}

/**
 * The request page's words in both modes, drawn by the page's own pieces (the editor is built
 * apart from the site, so sharing them changes no visitor's JavaScript): the heading, the
 * site's own form, and what the visitor reads once it is sent. The confirmation is drawn
 * without ConfirmationNotice, which takes focus and scrolls when it appears.
 */
function RequestPagePreview({ words, newTabHint }: { words: RequestInvitationWords; newTabHint: string }) {
  return (
    <RequestWords value={islandWords(words, newTabHint)}>
      {(["candidate", "employer"] as const).map((mode) => {
        const copy = words.modes[mode];
        return (
          <section key={mode} className="container-page grid gap-8 py-12 lg:grid-cols-2">
            <div>
              <h1 className="text-display font-semibold">{copy.heading}</h1>
              <p className="mt-4 text-lead text-body">{copy.subtitle}</p>
              <div className="mt-8 rounded-[1.25rem] border border-line bg-white p-5 shadow-lift sm:p-8">
                <FormIntro heading={copy.formHeading} lead={copy.formLead} />
                <OwnForm mode={mode} contactEmail={site.contactEmail} onSent={() => {}} />
              </div>
            </div>
            <div className="flex flex-col items-center gap-5 rounded-card border border-line bg-white p-8 text-center shadow-card">
              <SentMark />
              <h2 className="text-2xl font-semibold tracking-tight">{words.confirmation.title}</h2>
              <p className="max-w-md text-lead text-body">{copy.confirmationBody}</p>
              {/* An example of the address a visitor gives: the page shows theirs. */}
              <ReplyAddress
                address={copy === words.modes.employer ? "name@company.com" : "name@example.com"}
                words={words.confirmation}
                contactEmail={site.contactEmail}
              />
              <NextSteps heading={words.confirmation.nextStepsHeading} steps={copy.sent.nextSteps} />
            </div>
          </section>
        );
      })}
    </RequestWords>
  );
}
