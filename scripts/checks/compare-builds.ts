// Compares what visitors, crawlers and link previews get from two builds, route by route:
// the visible text (Chromium, no JavaScript, 1280 px wide), every link, the head's tags and
// the JSON-LD. For an upgrade that must not change the site:
//
//   npm run compare-builds -- --before ../old/build --after build
//
// Prints each difference as `- before` / `+ after` under its route and exits 1 when there
// is any. Content-hashed asset names (/assets/x.3f9a1c2b.js) are compared without the hash.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "playwright-core";
import { CHROMIUM_ARGS, OFFLINE_ARGS } from "../../tests/support/e2e-env";
import { EMPLOYER_REQUEST_PAGE_PATH, requestPagePath, ROUTES } from "#shared/routes.ts";
import { contentTypeFor } from "../../server/http/static-policy";
import { HEADLESS_SHELL_PATH } from "./ensure-chromium";

/** A host no request leaves this machine for: every request to it is answered from the build folder. */
const ORIGIN = "http://site.test";
const WIDTH = 1280;

/** Each route, and the built file that answers it. */
export const COMPARED_ROUTES: ReadonlyArray<{ path: string; file: string }> = [
  ...Object.values(ROUTES).map((page) => ({
    path: page.path,
    file: page === ROUTES.notFound ? "404.html" : join(page.path, "index.html"),
  })),
  { path: requestPagePath("employer"), file: join(EMPLOYER_REQUEST_PAGE_PATH, "index.html") },
];

export interface PageFacts {
  text: string[];
  links: string[];
  head: string[];
  jsonLd: string[];
}

/** `/assets/planning.Bx1_9aZk.webp` -> `/assets/planning.*.webp`: the hash follows the bytes, not the page. */
export function withoutAssetHash(value: string): string {
  return value.replace(/(\/assets\/[^"'\s,?#]+?)\.[A-Za-z0-9_-]{8}(\.[a-z0-9]+)/g, "$1.*$2");
}

/** The lines of `after` that are not in `before` (+) and the reverse (-), in order (a longest-common-subsequence diff). */
export function diffLines(before: readonly string[], after: readonly string[]): string[] {
  const rows = before.length;
  const cols = after.length;
  const common: number[][] = Array.from({ length: rows + 1 }, () => new Array<number>(cols + 1).fill(0));
  for (let i = rows - 1; i >= 0; i--) {
    for (let j = cols - 1; j >= 0; j--) {
      common[i]![j] =
        before[i] === after[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < rows || j < cols) {
    if (i < rows && j < cols && before[i] === after[j]) {
      i++;
      j++;
    } else if (j < cols && (i === rows || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      out.push(`+ ${after[j++]}`);
    } else {
      out.push(`- ${before[i++]}`);
    }
  }
  return out;
}

/**
 * Runs in the page. A string, not a function: tsx's transform would name the function's
 * inner helpers with a module-level `__name`, which the page does not have.
 */
const READ_PAGE = `(() => {
  const describe = (element) =>
    Array.from(element.attributes, (attribute) => attribute.name + "=" + attribute.value).sort().join(" ");
  return {
    text: document.body.innerText.split("\\n"),
    links: Array.from(document.querySelectorAll("a[href]"), (link) =>
      (link.textContent || "").replace(/\\s+/g, " ").trim() + " -> " + link.getAttribute("href")),
    head: [
      "html " + describe(document.documentElement),
      "title " + document.title,
      ...Array.from(document.head.querySelectorAll("meta, link"), (tag) => tag.localName + " " + describe(tag)),
    ],
    jsonLd: Array.from(document.querySelectorAll('script[type="application/ld+json"]'), (script) =>
      JSON.stringify(JSON.parse(script.textContent || "null"))),
  };
})()`;

async function factsOf(browser: Browser, clientDir: string, route: { path: string; file: string }): Promise<PageFacts> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: WIDTH, height: 900 } });
  await context.route("**/*", async (request) => {
    const url = new URL(request.request().url());
    if (url.origin !== ORIGIN) return request.abort();
    const target = url.pathname === route.path.split("?")[0] ? route.file : decodeURIComponent(url.pathname);
    const file = join(clientDir, target);
    if (!existsSync(file) || !statSync(file).isFile()) return request.fulfill({ status: 404, body: "" });
    return request.fulfill({ status: 200, body: readFileSync(file), contentType: contentTypeFor(file) });
  });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}${route.path}`, { waitUntil: "load" });
  const facts = (await page.evaluate(READ_PAGE)) as PageFacts;
  await context.close();
  const clean = (lines: string[]) => lines.map((line) => withoutAssetHash(line.trim())).filter(Boolean);
  const text = clean(facts.text);
  // Two empty pages would compare the same: a route that shows nothing is an error of its own.
  if (text.length === 0) throw new Error(`${route.path} shows no text in ${clientDir}`);
  return { text, links: clean(facts.links), head: clean(facts.head), jsonLd: clean(facts.jsonLd) };
}

async function main() {
  const { values } = parseArgs({ options: { before: { type: "string" }, after: { type: "string" } } });
  if (!values.before || !values.after) {
    console.error("Usage: npm run compare-builds -- --before <build dir> --after <build dir>");
    process.exit(2);
  }
  const dirs = { before: resolve(values.before, "client"), after: resolve(values.after, "client") };
  for (const dir of Object.values(dirs)) {
    if (!existsSync(join(dir, "404.html"))) {
      console.error(`${dir} is not a built site (no 404.html): run npm run build with BUILD_DIR first.`);
      process.exit(2);
    }
  }
  const browser = await chromium.launch({
    executablePath: HEADLESS_SHELL_PATH,
    args: [...CHROMIUM_ARGS, ...OFFLINE_ARGS],
  });
  let differences = 0;
  try {
    for (const route of COMPARED_ROUTES) {
      // A route one build has and the other not (a page added, or removed) is a difference of its own.
      const present = {
        before: existsSync(join(dirs.before, route.file)),
        after: existsSync(join(dirs.after, route.file)),
      };
      if (!present.before || !present.after) {
        differences += 1;
        console.log(`${route.path}: only in the ${present.before ? "before" : "after"} build`);
        continue;
      }
      const [before, after] = [await factsOf(browser, dirs.before, route), await factsOf(browser, dirs.after, route)];
      const lines = (Object.keys(before) as (keyof PageFacts)[]).flatMap((kind) =>
        diffLines(before[kind], after[kind]).map((line) => `  ${kind}: ${line}`),
      );
      differences += lines.length;
      console.log(`${route.path}: ${lines.length === 0 ? "the same" : `${lines.length} difference(s)`}`);
      for (const line of lines) console.log(line);
    }
  } finally {
    await browser.close();
  }
  console.log(differences === 0 ? "The two builds show the same." : `${differences} difference(s) in all.`);
  process.exitCode = differences === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
