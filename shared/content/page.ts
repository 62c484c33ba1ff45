/** What every page's head and first heading say: its title, description, keywords and visible `<h1>`. */
import { z } from "zod";
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
