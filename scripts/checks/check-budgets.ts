// Byte budgets, read from the build (deterministic: no browser, no network).
//
// For every prerendered page under BUILD_DIR/client, the first-load set is the HTML
// itself, the scripts and modulepreloads it references, the component and renderer of
// every Astro island (hydrated on load), and every import of those chunks, static or
// dynamic (an upper bound on what the page requests before it is idle), stylesheets,
// eagerly loaded images and icon links. Each file is gzipped at level 9 and summed; the
// inline <style> and inline scripts are measured on their own for the CSS and JS
// budgets (they travel inside the HTML, so they are not added to the total twice).
//
//   BUILD_DIR=build-x npm run check:budgets [-- --list]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { jsBudgetKB, KB, loadBudgets, type ByteBudgets } from "./budgets";
import { clientDirOf } from "#shared/build-dir.ts";

/** `touch`: the code of an island hydrated at the first touch, loaded then, not at first load. */
export type AssetKind = "script" | "stylesheet" | "image" | "icon" | "other" | "touch";

export interface HtmlTag {
  name: string;
  attrs: Record<string, string>;
  /** For an <img> inside a <picture>: the <source> elements before it. */
  sources?: HtmlTag[];
}

export interface ScannedHtml {
  tags: HtmlTag[];
  /** Inline scripts (no src), with the script element's attributes. */
  inlineScripts: { attrs: Record<string, string>; text: string }[];
  inlineStyles: string[];
}

export interface AssetRef {
  kind: AssetKind;
  url: string;
}

export interface Asset {
  kind: AssetKind;
  /** Site path, e.g. `/assets/root-abc.js`. */
  path: string;
  gzipBytes: number;
}

export interface RouteFigures {
  route: string;
  htmlBytes: number;
  cssBytes: number;
  jsBytes: number;
  /** What a client:touch island loads at the first touch, beyond what the page loaded first. */
  touchJsBytes: number;
  imageBytes: number;
  iconBytes: number;
  otherBytes: number;
  totalBytes: number;
  assets: Asset[];
  /** Broken or unmeasurable references: each fails the check. */
  problems: string[];
}

/** Reads a site path (`/assets/x.js`) from the build; undefined when there is no such file. */
export type AssetReader = (sitePath: string) => Buffer | undefined;

// Elements whose content is text, not markup. <noscript> content is inert when
// scripting is on, so what it references is not loaded either.
const RAW_TEXT = new Set(["script", "style", "noscript", "textarea", "title"]);
const ICON_RELS = new Set(["icon", "apple-touch-icon", "apple-touch-icon-precomposed", "mask-icon"]);
const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", "#39": "'", "#x27": "'" };
const LOCAL_ORIGIN = "http://site.invalid";

export const gzipSize = (data: Buffer | string): number => gzipSync(data, { level: 9 }).length;

const decodeEntities = (value: string) =>
  value.replace(/&(amp|quot|apos|lt|gt|#39|#x27);/gi, (match, name: string) => ENTITIES[name.toLowerCase()] ?? match);

export function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const pattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of source.matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? "");
  }
  return attrs;
}

/** A small tokenizer for machine-written HTML: start tags with attributes, and the text of raw-text elements. */
export function scanHtml(html: string): ScannedHtml {
  const scanned: ScannedHtml = { tags: [], inlineScripts: [], inlineStyles: [] };
  const token = /<!--[\s\S]*?-->|<![^>]*>|<\/([a-zA-Z][\w-]*)[^>]*>|<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  const lowerHtml = html.toLowerCase();
  let pictureSources: HtmlTag[] | null = null;
  let match: RegExpExecArray | null;
  while ((match = token.exec(html))) {
    const [, closing, opening, attrSource = ""] = match;
    if (closing) {
      if (closing.toLowerCase() === "picture") pictureSources = null;
      continue;
    }
    if (!opening) continue;
    const name = opening.toLowerCase();
    const tag: HtmlTag = { name, attrs: parseAttributes(attrSource.replace(/\/\s*$/, "")) };
    if (name === "picture") pictureSources = [];
    else if (name === "source" && pictureSources) pictureSources.push(tag);
    else if (name === "img" && pictureSources) tag.sources = [...pictureSources];
    scanned.tags.push(tag);

    if (RAW_TEXT.has(name) && !/\/\s*$/.test(attrSource)) {
      const end = lowerHtml.indexOf(`</${name}`, token.lastIndex);
      const text = html.slice(token.lastIndex, end === -1 ? html.length : end);
      if (name === "script" && tag.attrs.src === undefined) scanned.inlineScripts.push({ attrs: tag.attrs, text });
      if (name === "style") scanned.inlineStyles.push(text);
      token.lastIndex = end === -1 ? html.length : end;
    }
  }
  return scanned;
}

/** The URLs of a srcset, in order. */
export function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(",")
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

/**
 * The image a browser fetches for an <img>: inside a <picture>, the first <source>
 * with a srcset (every type the site ships is supported by current browsers, and a
 * media query cannot be judged without a viewport); then the img's own srcset; then
 * src. Within a srcset, the first candidate.
 */
export function eagerImageUrl(img: HtmlTag): string | undefined {
  const source = img.sources?.find((candidate) => candidate.attrs.srcset);
  const srcset = source?.attrs.srcset ?? img.attrs.srcset;
  return (srcset ? srcsetUrls(srcset)[0] : undefined) ?? img.attrs.src;
}

/** Static `import`/`export ... from` specifiers of an ES module (not dynamic `import()`). */
export function staticImports(code: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /(?<![\w$.])import\s*(?:(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*from\s*)?(["'])((?:\.{0,2}\/|https?:\/\/)[^"']+)\1/g,
    /(?<![\w$.])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])((?:\.{0,2}\/|https?:\/\/)[^"']+)\1/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) specifiers.push(match[2]!);
  return specifiers;
}

/** `import("literal")` calls: followed only in the page's inline bootstrap, which runs them at once. */
export function dynamicImports(code: string): string[] {
  return [...code.matchAll(/(?<![\w$.])import\(\s*(["'])((?:\.{0,2}\/|https?:\/\/)[^"']+)\1\s*\)/g)].map(
    (match) => match[2]!,
  );
}

/** Every resource the page's markup makes the browser fetch on first load, in document order. */
export function firstLoadRefs(scanned: ScannedHtml): AssetRef[] {
  const refs: AssetRef[] = [];
  for (const { name, attrs, ...tag } of scanned.tags) {
    if (name === "script" && attrs.src && attrs.nomodule === undefined) refs.push({ kind: "script", url: attrs.src });
    // An island's code: Astro's runtime imports both as the island hydrates; at load, unless it hydrates when first
    // touched (`client:touch`, docs/decisions/0029-request-page-hydrates-when-touched.md).
    if (name === "astro-island" && attrs.client !== "touch") {
      for (const url of [attrs["component-url"], attrs["renderer-url"]]) if (url) refs.push({ kind: "script", url });
    }
    if (name === "img" && attrs.loading?.toLowerCase() !== "lazy") {
      const url = eagerImageUrl({ name, attrs, ...tag });
      if (url) refs.push({ kind: "image", url });
    }
    if (name !== "link" || !attrs.href) continue;
    const rels = (attrs.rel ?? "").toLowerCase().split(/\s+/);
    const as = attrs.as?.toLowerCase();
    if (rels.includes("modulepreload") || (rels.includes("preload") && as === "script")) {
      refs.push({ kind: "script", url: attrs.href });
    } else if (rels.includes("stylesheet") || (rels.includes("preload") && as === "style")) {
      refs.push({ kind: "stylesheet", url: attrs.href });
    } else if (rels.includes("preload") && as === "image") {
      refs.push({ kind: "image", url: (attrs.imagesrcset && srcsetUrls(attrs.imagesrcset)[0]) || attrs.href });
    } else if (rels.includes("preload")) {
      refs.push({ kind: "other", url: attrs.href });
    } else if (rels.some((rel) => ICON_RELS.has(rel))) {
      refs.push({ kind: "icon", url: attrs.href });
    }
  }
  for (const script of scanned.inlineScripts) {
    if (script.attrs.type?.toLowerCase() !== "module") continue;
    for (const url of [...staticImports(script.text), ...dynamicImports(script.text)])
      refs.push({ kind: "script", url });
  }
  return refs;
}

/** The code of the islands hydrated at the first touch (`client:touch`): loaded then, not at first load. */
export function touchRefs(scanned: ScannedHtml): AssetRef[] {
  return scanned.tags
    .filter(({ name, attrs }) => name === "astro-island" && attrs.client === "touch")
    .flatMap(({ attrs }) => [attrs["component-url"], attrs["renderer-url"]])
    .filter((url): url is string => Boolean(url))
    .map((url) => ({ kind: "touch" as const, url }));
}

/**
 * Measures one page: the gzip size of the HTML and of everything it loads first,
 * following static imports of every script found.
 */
export function measurePage(
  route: string,
  html: string,
  read: AssetReader,
  excludedHosts: readonly string[] = [],
): RouteFigures {
  const scanned = scanHtml(html);
  const assets: Asset[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const pageUrl = new URL(route.startsWith("/") ? route : `/${route}`, LOCAL_ORIGIN);

  const visit = (ref: AssetRef, base: URL) => {
    let url: URL;
    try {
      url = new URL(ref.url, base);
    } catch {
      problems.push(`unparseable ${ref.kind} URL "${ref.url}"`);
      return;
    }
    if (url.protocol === "data:") return; // inline: already counted in the file that holds it
    if (url.origin !== LOCAL_ORIGIN) {
      if (!excludedHosts.includes(url.hostname)) {
        problems.push(`${ref.kind} ${url.href} is not self-hosted (only ${excludedHosts.join(", ")} are excluded)`);
      }
      return;
    }
    const path = decodeURIComponent(url.pathname);
    if (seen.has(path)) return;
    seen.add(path);
    const data = read(path);
    if (!data) {
      problems.push(`${ref.kind} ${path} is referenced but not in the build`);
      return;
    }
    assets.push({ kind: ref.kind, path, gzipBytes: gzipSize(data) });
    if (ref.kind === "script" || ref.kind === "touch") {
      const code = data.toString("utf8");
      for (const specifier of [...staticImports(code), ...dynamicImports(code)])
        visit({ kind: ref.kind, url: specifier }, url);
    }
  };
  for (const ref of firstLoadRefs(scanned)) visit(ref, pageUrl);
  // After the first load, so a chunk both share counts once, as first-load.
  for (const ref of touchRefs(scanned)) visit(ref, pageUrl);

  const sum = (kind: AssetKind) =>
    assets.filter((asset) => asset.kind === kind).reduce((total, asset) => total + asset.gzipBytes, 0);
  const htmlBytes = gzipSize(html);
  const inlineCssBytes = scanned.inlineStyles.length > 0 ? gzipSize(scanned.inlineStyles.join("\n")) : 0;
  // Scripts a browser runs, written into the HTML (JSON-LD and other data blocks are not).
  const runnable = scanned.inlineScripts.filter(({ attrs }) =>
    ["", "module", "text/javascript"].includes(attrs.type?.toLowerCase() ?? ""),
  );
  const inlineJsBytes = runnable.length > 0 ? gzipSize(runnable.map((script) => script.text).join("\n")) : 0;
  const stylesheetBytes = sum("stylesheet");
  const figures = {
    route,
    htmlBytes,
    cssBytes: inlineCssBytes + stylesheetBytes,
    jsBytes: inlineJsBytes + sum("script"),
    touchJsBytes: sum("touch"),
    imageBytes: sum("image"),
    iconBytes: sum("icon"),
    otherBytes: sum("other"),
    assets,
    problems,
  };
  return {
    ...figures,
    totalBytes:
      htmlBytes +
      stylesheetBytes +
      figures.jsBytes -
      inlineJsBytes +
      figures.imageBytes +
      figures.iconBytes +
      figures.otherBytes,
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** One message per figure over budget or broken reference; empty when the route is within budget. */
export function budgetFailures(figures: RouteFigures, budgets: ByteBudgets): string[] {
  const failures = figures.problems.map((problem) => `${figures.route}: ${problem}`);
  const checks: [string, number, number][] = [
    ["first-load JS", figures.jsBytes, jsBudgetKB(figures.route, budgets)],
    ["CSS", figures.cssBytes, budgets.cssKB],
    ["total first-load transfer", figures.totalBytes, budgets.firstLoadTotalKB],
  ];
  const htmlBudgetKB = budgets.htmlKB[figures.route];
  if (htmlBudgetKB !== undefined) checks.push(["HTML", figures.htmlBytes, htmlBudgetKB]);
  if (figures.touchJsBytes > 0) checks.push(["JS at the first touch", figures.touchJsBytes, budgets.touchJsKB]);
  for (const [label, bytes, budgetKB] of checks) {
    if (bytes > budgetKB * KB) {
      failures.push(
        `${figures.route}: ${label} ${kb(bytes)} gzip is over the ${budgetKB} KB budget by ${kb(bytes - budgetKB * KB)}`,
      );
    }
  }
  return failures;
}

export function formatTable(rows: readonly RouteFigures[], budgets: ByteBudgets): string {
  const header = [
    "route",
    "HTML",
    `CSS (≤${budgets.cssKB})`,
    "JS",
    "JS budget",
    "touch JS",
    "images",
    "icons",
    "other",
    `total (≤${budgets.firstLoadTotalKB})`,
    "files",
  ];
  const body = rows.map((row) => [
    row.route,
    kb(row.htmlBytes),
    kb(row.cssBytes),
    kb(row.jsBytes),
    `≤ ${jsBudgetKB(row.route, budgets)} KB`,
    row.touchJsBytes > 0 ? kb(row.touchJsBytes) : "-",
    kb(row.imageBytes),
    kb(row.iconBytes),
    kb(row.otherBytes),
    kb(row.totalBytes),
    String(row.assets.length + 1),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...body.map((line) => line[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...body.map(line)].join("\n");
}

/** `index.html` -> `/`, `mission/index.html` -> `/mission`, `404.html` -> `/404.html`. */
export function routeOfFile(relativePath: string): string {
  const path = relativePath.split(sep).join("/");
  if (path === "index.html") return "/";
  if (path.endsWith("/index.html")) return `/${path.slice(0, -"/index.html".length)}`;
  return `/${path}`;
}

/** Home first, the 404 page last, the rest by path. */
export function compareRoutes(a: string, b: string): number {
  const rank = (route: string) => (route === "/" ? 0 : route.startsWith("/404") ? 2 : 1);
  return rank(a) - rank(b) || a.localeCompare(b);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".html"))
    .sort((a, b) => compareRoutes(routeOfFile(a), routeOfFile(b)))
    .map((file) => join(dir, file));
}

function main(): void {
  const client = resolve(clientDirOf(process.env));
  const list = process.argv.includes("--list");
  const budgets = loadBudgets().bytes;
  let files: string[];
  try {
    files = htmlFiles(client);
  } catch {
    files = [];
  }
  if (files.length === 0) {
    console.error(`check:budgets: no prerendered .html under ${client}; build first (BUILD_DIR=... npm run build).`);
    process.exit(1);
  }
  const read: AssetReader = (sitePath) => {
    const file = resolve(client, `.${sitePath}`);
    if (!file.startsWith(client + sep)) return undefined;
    try {
      return statSync(file).isFile() ? readFileSync(file) : undefined;
    } catch {
      return undefined;
    }
  };
  // Pages for the team, not for visitors (the editor), are not budgeted.
  const rows = files
    .filter((file) => !budgets.excludedRoutes.includes(routeOfFile(relative(client, file))))
    .map((file) =>
      measurePage(routeOfFile(relative(client, file)), readFileSync(file, "utf8"), read, budgets.excludedHosts),
    );

  console.log(`First-load bytes per route, gzip -9, 1 KB = ${KB} bytes (${relative(process.cwd(), client)}):\n`);
  console.log(formatTable(rows, budgets));
  if (list) {
    for (const row of rows) {
      console.log(`\n${row.route}`);
      for (const asset of row.assets)
        console.log(`  ${asset.kind.padEnd(10)} ${kb(asset.gzipBytes).padStart(9)}  ${asset.path}`);
    }
  }
  const failures = rows.flatMap((row) => budgetFailures(row, budgets));
  if (failures.length > 0) {
    console.error(`\n✗ ${failures.length} byte budget failure(s):`);
    for (const failure of failures) console.error(`  ${failure}`);
    process.exit(1);
  }
  console.log(`\n✓ Every route is within the byte budgets (budgets.json).`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
