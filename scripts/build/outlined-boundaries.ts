// A page must show without JavaScript everything its HTML holds. React's streaming
// renderer may "outline" a Suspense boundary: it writes the boundary's content after the
// shell, inside `<div hidden id="…S:n">`, and only its inline `$RC` script moves it into
// place. Without JavaScript (and for every crawler and link preview that runs none) that
// content stays hidden. astro.config.ts renders React with renderToString, which never
// outlines; this check keeps it so on every build variant (docs/decisions/0010-request-page-hydrates-in-pieces.md).

/** React's marks of a boundary written out of place, and of the script that would reveal it. */
const OUTLINED_MARKS: readonly { what: string; pattern: RegExp }[] = [
  { what: "a pending Suspense boundary (<!--$?-->)", pattern: /<!--\$\?-->/ },
  { what: "a boundary's placeholder template (<template id=\"…B:n\">)", pattern: /<template id="[^"]*B:\d+"/ },
  { what: "a hidden outlined segment (<div hidden id=\"…S:n\">)", pattern: /<div hidden(?:="")? id="[^"]*S:\d+"/ },
  { what: "React's reveal script ($RC)", pattern: /\$RC\s*[=(]/ },
];

/** What in a page's HTML shows only once React's inline scripts have run; empty when nothing. */
export function outlinedBoundaries(html: string): string[] {
  return OUTLINED_MARKS.filter(({ pattern }) => pattern.test(html)).map(({ what }) => what);
}
