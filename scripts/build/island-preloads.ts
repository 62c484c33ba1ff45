/**
 * `<link rel="modulepreload">` in the head for every island's component and renderer.
 * Astro's island runtime imports them only once the parser has passed the island (its
 * `await-children`), which on a slow phone is a second after the HTML arrived; preloaded
 * from the head, they download while the page is parsed and painted
 * (docs/decisions/0010-request-page-hydrates-in-pieces.md). An island that hydrates when first touched
 * (`client:touch`, docs/decisions/0029-request-page-hydrates-when-touched.md) gets `<link rel="prefetch">`
 * instead: fetched once the page is idle, so the first touch finds its code there, but neither competing with
 * the first paint nor compiled at load.
 */

export function islandScriptUrls(html: string, touched = false): string[] {
  const urls = new Set<string>();
  for (const tag of html.matchAll(/<astro-island\b[^>]*>/g)) {
    if (/\bclient="touch"/.test(tag[0]) !== touched) continue;
    for (const [, url] of tag[0].matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)) urls.add(url!);
  }
  return [...urls];
}

export function addIslandPreloads(html: string): string {
  const urls = islandScriptUrls(html);
  const touchedUrls = islandScriptUrls(html, true).filter((url) => !urls.includes(url));
  if (urls.length + touchedUrls.length === 0 || !html.includes("</head>")) return html;
  const links = [
    ...urls.map((url) => `<link rel="modulepreload" href="${url}">`),
    ...touchedUrls.map((url) => `<link rel="prefetch" href="${url}">`),
  ].join("");
  return html.replace("</head>", `${links}</head>`);
}

