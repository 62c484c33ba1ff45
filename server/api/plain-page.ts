/**
 * The small pages the server answers itself, outside the build: a form post that was not stored
 * (./request-pages.ts) and the pages of the team's answer links (./answer-links.ts). Each is one
 * self-contained document: no script, no file of its own, its style inline (the site's policy
 * allows inline styles, never inline scripts), and never indexed. Every value put in it is escaped
 * by its caller: `body` is HTML made from escaped text only.
 */
import { htmlDocument, type HtmlDocument } from "#shared/html-document.ts";
import { escapeHtml, formatTitle } from "#shared/text.ts";

const STYLE = `
body{margin:0;font-family:ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#334155;background:#f7f8fb;line-height:1.6}
main{max-width:36rem;margin:3rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:1rem}
h1{color:#0b1f3a;font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
a{color:#1b3a66;text-underline-offset:2px}
a:focus-visible,button:focus-visible{outline:3px solid #8a6420;outline-offset:2px}
li{margin:.25rem 0}
button{font:inherit;font-weight:600;color:#fff;background:#0b1f3a;border:0;border-radius:.5rem;padding:.75rem 1.5rem;cursor:pointer}
.note{color:#475569;font-size:.9rem}`;

export interface PlainPage {
  /** The page's own title; the site's name is added as on every page (shared/text.ts). */
  title: string;
  siteName: string;
  heading: string;
  /** Paragraphs, lists, a form: HTML made from escaped text only. */
  body: string;
  /** The robots meta tag's value. */
  robots?: HtmlDocument["robots"];
  /** Further tags for the head, already HTML. */
  head?: string;
}

/** A page as the server answers it, whole. */
export function plainPage({ title, siteName, heading, body, robots = "noindex", head = "" }: PlainPage): string {
  return htmlDocument({
    title: formatTitle(title, siteName),
    robots,
    head: `${head ? `${head}\n` : ""}<style>${STYLE}</style>`,
    body: `<main>\n<h1>${escapeHtml(heading)}</h1>\n${body}\n</main>`,
  });
}

/** A paragraph of text, escaped; with a class of the page's style (`note`). */
export const paragraph = (text: string, className?: string) =>
  `<p${className ? ` class="${className}"` : ""}>${escapeHtml(text)}</p>`;
