/**
 * The words every page shares (content/site.yaml): the navigation, the header, the footer,
 * the skip link, the two calls to action, the 404 page, the error screen, the illustrations'
 * descriptions and the social cards' line. The navigation's names and the 404's and error
 * screen's texts are the specification's, and fixed.
 */
import { z } from "zod";
import { fixed, link, linkAction, list, text } from "./fields";
import { pageMeta } from "./page";
import { ROUTES } from "../routes";

const navItem = <const Label extends string>(label: Label, href: string) =>
  z.strictObject({ label: fixed(label).meta({ title: "Name" }), href: fixed(href).meta({ title: "Link" }) });

export const siteSchema = z.strictObject({
  /** The top navigation, in the specification's order and words. */
  primaryNav: z
    .tuple([
      navItem("Home", ROUTES.home.path),
      navItem("Mission", ROUTES.mission.path),
      navItem("How We Help", ROUTES.howWeHelp.path),
      navItem("Who We Are", ROUTES.whoWeAre.path),
    ])
    .meta({ title: "Navigation", description: "The specification's names and pages." }),
  header: z.strictObject({
    /** The navigation's name for screen readers. */
    navLabel: text({ max: 20, title: "The navigation's name", description: "Read by screen readers." }),
    menuOpenLabel: text({ max: 20, title: "Menu button, to open", description: "Read by screen readers on phones." }),
    menuCloseLabel: text({ max: 20, title: "Menu button, to close", description: "Read by screen readers on phones." }),
    /** The header's button: to the request page. */
    ctaLabel: text({ max: 24, maxWord: 16, title: "Header button", description: "Leads to the request page." }),
  }),
  skipLinkLabel: text({
    max: 40,
    title: "Skip link",
    description: "The first link a keyboard reaches: it skips to the page's content.",
  }),
  /** Appended, visually hidden, to links that open a new tab. */
  newTabHint: text({
    max: 30,
    title: "Said of a link that opens a new tab",
    description: "Read by screen readers after such a link.",
  }),
  /** The calls to action of every content page's closing band, to each mode of the request page. */
  requestActions: z
    .strictObject({
      candidate: text({ max: 24, maxWord: 16, title: "To TA leaders' request page" }),
      employer: text({ max: 24, maxWord: 16, title: "To employers' request page" }),
    })
    .meta({ title: "Buttons of every page's closing call to action" }),
  /** The home hero's two buttons, named by audience as the specification names them. */
  audienceActions: z
    .strictObject({
      candidate: text({ max: 20, maxWord: 16, title: "To TA leaders' request page" }),
      employer: text({ max: 20, maxWord: 16, title: "To employers' request page" }),
    })
    .meta({ title: "Buttons of the home page's opening" }),
  footer: z.strictObject({
    tagline: text({ max: 200 }),
    aboutHeading: text({ max: 20 }),
    aboutLinks: list(linkAction({ max: 24 }), { min: 3, max: 5 }),
    contactHeading: text({ max: 20 }),
    contactLead: text({ max: 60 }),
    /** Above the network's own profiles (NETWORK_PROFILE_URLS), when any are set. */
    profilesHeading: text({ max: 30 }),
    legalHeading: text({ max: 20 }),
    privacyLabel: text({ max: 30 }),
    termsLabel: text({ max: 30 }),
    supportedByLabel: text({ max: 20 }),
    rightsReserved: text({ max: 40 }),
  }),
  notFound: z
    .strictObject({
      meta: pageMeta.extend({ heading: fixed("Oops! Page not found") }),
      body: text({ max: 140 }),
      homeLink: z.strictObject({
        label: fixed("Return to Home").meta({ title: "Name" }),
        href: fixed(ROUTES.home.path).meta({ title: "Link" }),
      }),
    })
    .meta({ title: "Page not found (404)" }),
  error: z
    .strictObject({
      heading: fixed("Unexpected Application Error!"),
      body: text({ max: 140 }),
      homeLink: z.strictObject({ label: text({ max: 24 }), href: link }),
    })
    .meta({ title: "Error screen", description: "Shown when a page fails in the browser." }),
  /** What each illustration shows, for those who cannot see it (its alt text). */
  illustrations: z
    .strictObject({ planning: text({ max: 200 }), team: text({ max: 200 }) })
    .meta({ title: "What the pictures show", description: "Read by screen readers in place of each picture." }),
  /** The line every page's social card carries under the page's own words. */
  socialCardTagline: text({ max: 60, title: "Line on every link preview's picture" }),
  /** What a profile link of the footer is called, by its site's host (without www.). */
  profileSites: list(
    z.strictObject({
      host: z
        .string()
        .regex(/^[a-z0-9.-]+\.[a-z]+$/, "Write a host such as linkedin.com.")
        .meta({ maxLength: 60, description: "The site's address without www., such as linkedin.com." }),
      name: text({ max: 30 }),
    }),
    { max: 20 },
  ),
});

export type SiteWords = z.infer<typeof siteSchema>;
