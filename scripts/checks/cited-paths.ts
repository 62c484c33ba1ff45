/**
 * Finds the repository paths that the docs and the code's comments cite, so a unit test
 * can fail when one no longer exists (a renamed file leaves its mentions behind).
 *
 * Cited paths are: relative Markdown links in `.md` files, and path-shaped words
 * (`app/...`, `server/...`, `~/...`, `components/...` inside app/) anywhere in a text
 * file. Build outputs (`deploy/nginx.conf`, `BUILD_DIR/...`) are not repository paths and
 * do not match; a path written with a `*` or `<placeholder>` is a pattern, not a file.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export interface CitedPath {
  /** The file that cites it, relative to the repository root. */
  file: string;
  line: number;
  /** As written. */
  cited: string;
  /** Where it points, relative to the repository root. */
  target: string;
}

/** Top-level folders and files of the repository that a citation may start with. */
const ROOT_PREFIXES = [
  "app",
  "server",
  "releases",
  "hosting",
  "shared",
  "content",
  "scripts",
  "tests",
  "docs",
  "public",
  "assets-src",
  ".ci",
];
/** Folders of app/ that comments name without the `app/` in front. */
const APP_PREFIXES = ["components", "features", "invitation", "lib", "layouts", "pages", "config", "styles", "assets"];
const ROOT_FILES = ["README.md", "package.json", "budgets.json", "astro.config.ts", "playwright.config.ts"];

const PATH_WORD = new RegExp(
  String.raw`(?<![\w./~@-])((?:~\/(?=${APP_PREFIXES.join("|")})|(?:${[...ROOT_PREFIXES, ...APP_PREFIXES].map((p) => p.replace(".", "\\.")).join("|")})\/))` +
    String.raw`([\w.\-/*<>{}$]*)`,
  "g",
);
/** What a module specifier or a decision number may leave out. */
const IMPLIED_ENDINGS = ["", ".ts", ".tsx", ".astro", ".md", "/index.ts"];
const MARKDOWN_LINK = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

const SCANNED_EXTENSIONS = /\.(md|ts|tsx|astro|js|json|css)$/;
/** These tests write files at made-up paths in a temporary folder, or cite missing paths on purpose. */
const SKIPPED_FILES = new Set([
  "scripts/checks/cited-paths.test.ts",
  "server/build-stamp.test.ts",
  "shared/roles/schema.test.ts",
  "tests/server/add-a-page.test.ts",
]);
const SKIPPED_DIRS = new Set(["node_modules", ".git", ".astro", "test-results", "playwright-report", ".reports"]);

function* textFiles(root: string, dir = root): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // Build outputs (build/, build-hs/, BUILD_DIR=build-x) sit at the root; a source file may start with "build" too.
    const buildOutput = dir === root && entry.isDirectory() && entry.name.startsWith("build");
    if (SKIPPED_DIRS.has(entry.name) || buildOutput) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(root, path);
    else if (SCANNED_EXTENSIONS.test(entry.name) && entry.name !== "package-lock.json") yield path;
  }
}

function resolveWord(prefix: string, rest: string): string {
  if (prefix === "~/") return join("app", rest);
  const folder = prefix.slice(0, -1);
  return APP_PREFIXES.includes(folder) && !ROOT_PREFIXES.includes(folder)
    ? join("app", folder, rest)
    : join(folder, rest);
}

/** Every citation in the repository at `root`, with where it points. */
export function findCitedPaths(root: string): CitedPath[] {
  const cited: CitedPath[] = [];
  const files = [
    ...ROOT_FILES.filter((name) => name.endsWith(".md")).map((name) => join(root, name)),
    ...textFiles(root),
  ];
  for (const path of new Set(files)) {
    if (!existsSync(path)) continue;
    const file = relative(root, path);
    if (SKIPPED_FILES.has(file)) continue;
    const lines = readFileSync(path, "utf8").split("\n");
    lines.forEach((text, index) => {
      for (const match of text.matchAll(PATH_WORD)) {
        const [, prefix, word] = match as unknown as [string, string, string];
        // A sentence's full stop is not part of the path; a `*` or `<name>` makes it a pattern.
        const rest = word.replace(/[.\-/]+$/, "");
        if (rest === "" || /[*<>{}$]|\/\//.test(rest)) continue;
        cited.push({ file, line: index + 1, cited: prefix + rest, target: resolveWord(prefix, rest) });
      }
      if (!file.endsWith(".md")) return;
      for (const match of text.matchAll(MARKDOWN_LINK)) {
        const link = match[1]!;
        if (/^[a-z]+:/i.test(link)) continue;
        cited.push({ file, line: index + 1, cited: link, target: relative(root, resolve(dirname(path), link)) });
      }
    });
  }
  // A Markdown link's target is also a path-shaped word: keep one citation per place.
  const seen = new Set<string>();
  return cited.filter(({ file, line, target }) => {
    const key = `${file}:${line}:${target}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** The citations whose target is neither a file nor a folder of the repository. */
export function deadCitedPaths(root: string): CitedPath[] {
  return findCitedPaths(root).filter(({ target }) => !exists(join(root, target)));
}

/** A file or folder; a module specifier without its extension; a decision by its number (`docs/decisions/0005`). */
function exists(path: string): boolean {
  if (IMPLIED_ENDINGS.some((ending) => existsSync(path + ending))) return true;
  const folder = dirname(path);
  const name = path.slice(folder.length + 1);
  return (
    /^\d{4}$/.test(name) && existsSync(folder) && readdirSync(folder).some((entry) => entry.startsWith(`${name}-`))
  );
}
