/**
 * The site's words as the tests read them: from content/, through the same schemas as the
 * pages and the server (shared/content/read.ts), so a test expects what the page shows.
 * Site facts stay as `{tokens}` here; a test that reads a page fills them in (withSiteFacts). The one
 * exception is the promise, `{hours}`, which nearly every page and email says: it is filled in with
 * the figure of the configuration under test (REPLY_WITHIN_HOURS, the specification's 48 unless set).
 */
import { pageInfos, type PageInfo } from "#shared/content/page.ts";
import { readContent as readWithTokens } from "#shared/content/read.ts";
import type { ContentName } from "#shared/pages.ts";
import { withFacts } from "#shared/content/site-facts.ts";
import { parseSiteConfig } from "#shared/site-config.ts";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { ownFormFields as fieldsWithWords } from "#shared/invitation/own-form-fields.ts";
import { modeLinks, requestPagePath, ROUTES } from "#shared/routes.ts";

/** The promise of the configuration under test (the build's and the server's environment). */
export const promisedHours = parseSiteConfig(process.env).replyWithinHours;
const readContent = <Name extends ContentName>(name: Name) =>
  withFacts(readWithTokens(name), { hours: String(promisedHours) });

export const siteWords = readContent("site");
export const homeWords = readContent("home");
export const missionWords = readContent("mission");
export const howWeHelpWords = readContent("howWeHelp");
export const whoWeAreWords = readContent("whoWeAre");
export const termsWords = readContent("terms");
export const questionsWords = readContent("questions");
export const requestWords = readContent("requestInvitation");
export const refusedWords = readContent("requestRefused");
/** The server's emails (content/emails.yaml), as its notifier is given them (site facts as `{tokens}`). */
export const emails = readContent("emails");
export const teamEmails = emails.team;
export const openRolesWords = readContent("openRoles");

/** Every route with the words its head and heading show. */
export const pages = pageInfos(readContent);

/** The request page in a mode, as its own HTML presents it. */
export const requestPage = (mode: InvitationMode): PageInfo => ({
  ...ROUTES.requestInvitation,
  ...requestWords.modes[mode].meta,
  heading: requestWords.modes[mode].heading,
  path: requestPagePath(mode),
});

/** Every content page's two calls to action, as the pages draw them. */
export const requestActions = modeLinks(siteWords.requestActions);

/** The home hero's two buttons. */
export const audienceActions = modeLinks(siteWords.audienceActions);

/** A mode's own-form fields, each with its rule and its words. */
export const ownFormFields = <M extends InvitationMode>(mode: M) => fieldsWithWords(mode, requestWords.ownForm.forms);
