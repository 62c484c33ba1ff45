/**
 * `<link rel="modulepreload">` in the head for every island's component and renderer.
 * Astro's island runtime imports them only once the parser has passed the island (its
 * `await-children`), which on a slow phone is a second after the HTML arrived; preloaded
 * from the head, they download while the page is parsed and painted
 * (docs/decisions/0010-request-page-hydrates-in-pieces.md).
 */

export function islandScriptUrls(html: string): string[] {
  const urls = new Set<string>();
  for (const tag of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const [, url] of tag[0].matchAll(/\b(?:component-url|renderer-url)="([^"]+)"/g)) urls.add(url!);
  }
  return [...urls];
}

export function addIslandPreloads(html: string): string {
  const urls = islandScriptUrls(html);
  if (urls.length === 0 || !html.includes("</head>")) return html;
  const links = urls.map((url) => `<link rel="modulepreload" href="${url}">`).join("");
  return html.replace("</head>", `${links}</head>`);
}

