/** What every page's head and first heading say: its title, description, keywords and visible `<h1>`. */
import { z } from "zod";
import { PAGE_NAMES, type ContentName, type PageName } from "../pages";
import { ROUTES } from "../routes";
import type { Content } from "./collections";
import { list, text } from "./fields";

export const pageMeta = z.strictObject({
  /** Without the site's name: titles read `<title> | The <SITE_NAME>` (shared/text.ts, formatTitle). */
  title: text({ max: 60 }),
  /** What search results and link previews show under the title: 50 to 160 characters read best. */
  description: text({ min: 50, max: 170 }),
  keywords: list(text({ max: 40 }), { max: 8 }),
  /** The page's visible `<h1>`. */
  heading: text({ max: 80, maxWord: 14 }),
});

export type PageMeta = z.infer<typeof pageMeta>;

/** A page as its head presents it: its route and its words. */
export type PageInfo = PageMeta & { path: string; indexable: boolean };

/**
 * Every page as its head presents it, its words read by `read`: a page's own file's `meta`, but
 * the request page's (its leader mode's) and those of the pages whose words are another file's.
 * For the build's social cards and the tests; each page's .astro file passes its own to its head.
 */
export function pageInfos(read: <Name extends ContentName>(name: Name) => Content<Name>): Record<PageName, PageInfo> {
  const request = read("requestInvitation");
  const elsewhere: Partial<Record<PageName, PageMeta>> = {
    requestInvitation: { ...request.modes.candidate.meta, heading: request.modes.candidate.heading },
    requestReceived: request.received.candidate,
    requestReceivedEmployer: request.received.employer,
    notFound: read("site").notFound.meta,
  };
  const headOf = (name: PageName): PageMeta => {
    const words = elsewhere[name] ?? (read(name as ContentName) as Partial<{ meta: PageMeta }>).meta;
    if (!words) throw new Error(`${name}: a page's words need its head, \`meta: pageMeta\` (shared/content/page.ts)`);
    return words;
  };
  return Object.fromEntries(PAGE_NAMES.map((name) => [name, { ...ROUTES[name], ...headOf(name) }])) as Record<
    PageName,
    PageInfo
  >;
}
