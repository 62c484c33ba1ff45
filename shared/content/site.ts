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
  z.strictObject({ label: fixed(label), href: fixed(href) });

export const siteSchema = z.strictObject({
  /** The top navigation, in the specification's order and words. */
  primaryNav: z.tuple([
    navItem("Home", ROUTES.home.path),
    navItem("Mission", ROUTES.mission.path),
    navItem("How We Help", ROUTES.howWeHelp.path),
    navItem("Who We Are", ROUTES.whoWeAre.path),
  ]),
  header: z.strictObject({
    /** The navigation's name for screen readers. */
    navLabel: text({ max: 20 }),
    menuOpenLabel: text({ max: 20 }),
    menuCloseLabel: text({ max: 20 }),
    /** The header's button: to the request page. */
    ctaLabel: text({ max: 24, maxWord: 16 }),
  }),
  skipLinkLabel: text({ max: 40 }),
  /** Appended, visually hidden, to links that open a new tab. */
  newTabHint: text({ max: 30 }),
  /** The calls to action of every content page's closing band, to each mode of the request page. */
  requestActions: z.strictObject({
    candidate: text({ max: 24, maxWord: 16, title: "To TA leaders' request page" }),
    employer: text({ max: 24, maxWord: 16, title: "To employers' request page" }),
  }),
  /** The home hero's two buttons, named by audience as the specification names them. */
  audienceActions: z.strictObject({
    candidate: text({ max: 20, maxWord: 16, title: "To TA leaders' request page" }),
    employer: text({ max: 20, maxWord: 16, title: "To employers' request page" }),
  }),
  footer: z.strictObject({
    tagline: text({ max: 200 }),
    aboutHeading: text({ max: 20 }),
    aboutLinks: z.tuple([linkAction({ max: 24 }), linkAction({ max: 24 }), linkAction({ max: 24 })]),
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
  notFound: z.strictObject({
    meta: pageMeta.extend({ heading: fixed("Oops! Page not found") }),
    body: text({ max: 140 }),
    homeLink: z.strictObject({ label: fixed("Return to Home"), href: fixed(ROUTES.home.path) }),
  }),
  error: z.strictObject({
    heading: fixed("Unexpected Application Error!"),
    body: text({ max: 140 }),
    homeLink: z.strictObject({ label: text({ max: 24 }), href: link }),
  }),
  /** What each illustration shows, for those who cannot see it (its alt text). */
  illustrations: z.strictObject({ planning: text({ max: 200 }), team: text({ max: 200 }) }),
  /** The line every page's social card carries under the page's own words. */
  socialCardTagline: text({ max: 60 }),
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
