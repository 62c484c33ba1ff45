/**
 * The shell of the documents written outside the build, each whole in one string: the server's own
 * small pages (server/api/plain-page.ts), the editor's page (app/admin/editor-page.ts) and the
 * development server's notice of refused content (app/admin/content-notice.ts). `head` and `body`
 * are HTML their callers made from escaped text; the title and the robots value are escaped here.
 */
import { escapeHtml } from "./text";

export interface HtmlDocument {
  title: string;
  /** The robots meta tag's value: none of these pages is for search engines. */
  robots: "noindex" | "noindex, nofollow";
  /** Tags for the head after the title, already HTML. */
  head?: string;
  body: string;
  /** Inline style of the body, for a page with no style sheet. */
  bodyStyle?: string;
}

export function htmlDocument({ title, robots, head = "", body, bodyStyle }: HtmlDocument): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="${robots}">
<title>${escapeHtml(title)}</title>
${head ? `${head}\n` : ""}</head>
<body${bodyStyle ? ` style="${escapeHtml(bodyStyle)}"` : ""}>
${body}
</body>
</html>
`;
}
