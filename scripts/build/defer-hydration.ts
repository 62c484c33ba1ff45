/**
 * Keeps JavaScript out of the first paint (DECISIONS §3 "Fast first paint"), as a
 * post-build step on the prerendered HTML, before the CSP hashes its inline scripts.
 *
 * React Router's `<Scripts/>` writes, on every page, a `<link rel="modulepreload">` for
 * each chunk the page hydrates with (hoisted into <head>) and an inline module whose
 * static imports load and run the route modules before it imports the client entry.
 * Nothing there blocks rendering, but the chunks usually finish loading before the
 * first paint, and Lighthouse's simulation (Lantern) builds its paint estimates from
 * what had finished by the paint it observed: FCP counts every High-priority script,
 * LCP every request but low-priority images, unless it saw the script evaluated later
 * (it cannot for ES modules, which it does not attribute). So the mobile preset put
 * the ~120 KB of JavaScript in front of FCP and LCP: about 2 s instead of 0.8-1.2 s.
 * React Router has no option to change this output, and the robust fix is that no
 * script request starts before the first paint at all:
 *
 * - the modulepreload links move, as they are, into an inert `<template>` in <head>:
 *   nothing in a template loads, yet the markup still lists the page's first-load
 *   chunks for whatever reads the HTML (the byte budget check, the tests);
 * - the inline bootstrap becomes the same steps with dynamic imports, started when
 *   the browser reports the first contentful paint (or at once in a hidden tab or a
 *   prerender, which paint nothing). It first puts the preloads into <head>, so every
 *   chunk is then requested in parallel, as before, rather than import by import.
 *
 * Anything not of the expected shape fails the build: a silent no-op would bring the
 * slow first paint back unnoticed.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { htmlFilesUnder } from "../../server/http/inline-scripts";

/** The id of the `<template>` that holds a page's modulepreload links until its first paint. */
export const DEFERRED_PRELOADS_ID = "deferred-modulepreloads";

export class DeferHydrationError extends Error {
  override name = "DeferHydrationError";
}

/** What React Router's inline module bootstrap does, in order. */
export interface Bootstrap {
  /** Modules imported for their side effects first: the route manifest. */
  sideEffectImports: string[];
  /** The matched route modules, root first, with the id each is registered under. */
  routeModules: { id: string; url: string }[];
  /** The client entry, imported last, which hydrates the page. */
  entry: string;
}

// A JSON string literal, as React Router writes every URL and route id (JSON.stringify).
const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const SIDE_EFFECT_IMPORT = new RegExp(`^import (${STRING});$`);
const ROUTE_IMPORT = new RegExp(`^import \\* as route(\\d+) from (${STRING});$`);
const ROUTE_REGISTRY = /^window\.__reactRouterRouteModules = \{(.*)\};$/;
const REGISTRY_ENTRY = new RegExp(`^(${STRING}):route(\\d+)$`);
const ENTRY_IMPORT = new RegExp(`^import\\((${STRING})\\);$`);
// Every URL the bootstrap imports is a built chunk, served from this site.
const CHUNK_URL = /^\/[^\s"'<>]+\.js$/;

function chunkUrl(literal: string, what: string): string {
  const url = JSON.parse(literal) as string;
  if (!CHUNK_URL.test(url)) throw new DeferHydrationError(`${what} "${url}" is not a same-site .js path`);
  return url;
}

/** Reads React Router's inline module bootstrap; throws on anything it does not recognise. */
export function parseBootstrap(text: string): Bootstrap {
  const lines = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const sideEffectImports: string[] = [];
  const routeUrls: string[] = [];
  let registry: { id: string; index: number }[] | undefined;
  let entry: string | undefined;

  for (const line of lines) {
    if (entry !== undefined) throw new DeferHydrationError(`unexpected statement after the entry import: ${line}`);
    let match: RegExpExecArray | null;
    if ((match = SIDE_EFFECT_IMPORT.exec(line))) {
      if (routeUrls.length > 0 || registry) throw new DeferHydrationError(`side-effect import out of order: ${line}`);
      sideEffectImports.push(chunkUrl(match[1]!, "side-effect import"));
    } else if ((match = ROUTE_IMPORT.exec(line))) {
      if (registry) throw new DeferHydrationError(`route import after the route registry: ${line}`);
      if (Number(match[1]) !== routeUrls.length) {
        throw new DeferHydrationError(`route imports out of sequence: expected route${routeUrls.length}: ${line}`);
      }
      routeUrls.push(chunkUrl(match[2]!, "route module"));
    } else if ((match = ROUTE_REGISTRY.exec(line))) {
      if (registry) throw new DeferHydrationError("two route registries");
      registry = match[1]!.split(",").map((pair) => {
        const entryMatch = REGISTRY_ENTRY.exec(pair);
        if (!entryMatch) throw new DeferHydrationError(`unexpected route registry entry: ${pair}`);
        return { id: JSON.parse(entryMatch[1]!) as string, index: Number(entryMatch[2]) };
      });
    } else if ((match = ENTRY_IMPORT.exec(line))) {
      entry = chunkUrl(match[1]!, "client entry");
    } else {
      throw new DeferHydrationError(`unexpected statement: ${line}`);
    }
  }

  if (sideEffectImports.length === 0) throw new DeferHydrationError("no route manifest import");
  if (routeUrls.length === 0) throw new DeferHydrationError("no route module imports");
  if (!registry) throw new DeferHydrationError("no window.__reactRouterRouteModules assignment");
  if (entry === undefined) throw new DeferHydrationError("no client entry import");
  const registered = registry.map(({ index }) => index).sort((a, b) => a - b);
  if (registered.join() !== routeUrls.map((_, index) => index).join()) {
    throw new DeferHydrationError(`the route registry does not list each imported route once: ${registered.join()}`);
  }
  const routeModules = routeUrls.map((url, index) => ({ id: registry.find((item) => item.index === index)!.id, url }));
  return { sideEffectImports, routeModules, entry };
}

/**
 * A visible page whose first contentful paint has not come by then starts anyway
 * (every page here paints its heading well before; this only bounds a surprise).
 */
export const HYDRATION_FALLBACK_MS = 3000;

/**
 * The bootstrap's steps as dynamic imports, started once the browser reports the first
 * contentful paint (Paint Timing entries are delivered after the frame is presented,
 * so strictly after the paint Lighthouse measures). Not requestAnimationFrame and a
 * timer: test clocks fake those, and a paused clock would never hydrate the page. A
 * hidden tab or a prerender paints nothing, so it starts at once, or when it is hidden
 * before its first paint. It stays a module script: its bindings stay private, and a
 * browser without modules skips it exactly as it skipped the original.
 */
export function renderDeferredBootstrap({ sideEffectImports, routeModules, entry }: Bootstrap): string {
  const imports = [...sideEffectImports, ...routeModules.map(({ url }) => url)]
    .map((url) => `import(${JSON.stringify(url)})`)
    .join(", ");
  const names = [...sideEffectImports.map(() => ""), ...routeModules.map((_, index) => `route${index}`)].join(", ");
  const registry = routeModules.map(({ id }, index) => `${JSON.stringify(id)}: route${index}`).join(", ");
  return [
    "let started = false;",
    "const hydrate = () => {",
    "  if (started) return;",
    "  started = true;",
    `  document.head.append(document.getElementById(${JSON.stringify(DEFERRED_PRELOADS_ID)}).content);`,
    `  Promise.all([${imports}]).then(([${names}]) => {`,
    `    window.__reactRouterRouteModules = { ${registry} };`,
    `    return import(${JSON.stringify(entry)});`,
    "  });",
    "};",
    'if (document.visibilityState !== "visible") {',
    "  hydrate();",
    "} else {",
    '  document.addEventListener("visibilitychange", hydrate, { once: true });',
    `  setTimeout(hydrate, ${HYDRATION_FALLBACK_MS});`,
    '  if ((PerformanceObserver.supportedEntryTypes || []).includes("paint")) {',
    "    new PerformanceObserver((list, observer) => {",
    '      if (list.getEntriesByName("first-contentful-paint").length === 0) return;',
    "      observer.disconnect();",
    "      hydrate();",
    '    }).observe({ type: "paint", buffered: true });',
    "  } else {",
    "    requestAnimationFrame(() => setTimeout(hydrate));",
    "  }",
    "}",
  ].join("\n");
}

// React Router's exact output; the CSP and the budget check read the same markup.
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const MODULE_TYPE = /\btype\s*=\s*["']?module\b/i;
const BOOTSTRAP_ATTRIBUTES = ' type="module" async=""';
const LINK_ELEMENT = /<link\b[^>]*>/gi;
const MODULEPRELOAD = /\brel\s*=\s*["']?modulepreload\b/i;
const PLAIN_MODULEPRELOAD = /^<link rel="modulepreload" href="([^"]+)"\/>$/;

/**
 * One prerendered page with its modulepreloads held in a template and its bootstrap
 * deferred past the first paint. `file` names the page in errors.
 */
export function deferHydration(html: string, file: string): string {
  const fail = (message: string) => new DeferHydrationError(`${file}: ${message}`);

  const modules = [...html.matchAll(SCRIPT_ELEMENT)].filter((match) => MODULE_TYPE.test(match[1]!));
  if (modules.length !== 1) {
    throw fail(`expected React Router's one inline module bootstrap, found ${modules.length} module scripts`);
  }
  const script = modules[0]!;
  const attributes = script[1]!;
  const text = script[2]!;
  if (attributes !== BOOTSTRAP_ATTRIBUTES) throw fail(`unexpected bootstrap attributes:${attributes}`);
  let bootstrap: Bootstrap;
  try {
    bootstrap = parseBootstrap(text);
  } catch (error) {
    if (error instanceof DeferHydrationError) throw fail(`React Router's bootstrap changed shape: ${error.message}`);
    throw error;
  }
  const textStart = script.index + `<script${attributes}>`.length;
  const deferred = html.slice(0, textStart) + renderDeferredBootstrap(bootstrap) + html.slice(textStart + text.length);

  // The links, verbatim and in order, into one template where the first one stood.
  const links = [...deferred.matchAll(LINK_ELEMENT)].filter((match) => MODULEPRELOAD.test(match[0]));
  if (links.length === 0) throw fail("no modulepreload links");
  const preloaded = new Set<string>();
  let result = "";
  let copied = 0;
  for (const link of links) {
    const match = PLAIN_MODULEPRELOAD.exec(link[0]);
    if (!match) throw fail(`unexpected modulepreload markup: ${link[0]}`);
    preloaded.add(match[1]!);
    result += deferred.slice(copied, link.index);
    copied = link.index + link[0].length;
  }
  const template = `<template id="${DEFERRED_PRELOADS_ID}">${links.map((link) => link[0]).join("")}</template>`;
  const first = links[0]!.index;
  result = result.slice(0, first) + template + result.slice(first) + deferred.slice(copied);

  // Every import must find its module among the preloads: otherwise hydration would
  // wait for a chain of requests, each found only once its importer has loaded.
  const imported = [...bootstrap.sideEffectImports, ...bootstrap.routeModules.map(({ url }) => url), bootstrap.entry];
  const missing = imported.filter((url) => !preloaded.has(url));
  if (missing.length > 0) throw fail(`the bootstrap imports chunks with no modulepreload: ${missing.join(", ")}`);
  return result;
}

/** Rewrites every prerendered page under `root` in place; returns how many. */
export function deferHydrationInDirectory(root: string): number {
  const files = htmlFilesUnder(root);
  if (files.length === 0) throw new DeferHydrationError(`${root}: no prerendered pages`);
  for (const file of files) {
    const path = join(root, file);
    writeFileSync(path, deferHydration(readFileSync(path, "utf8"), file));
  }
  return files.length;
}
