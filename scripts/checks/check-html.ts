// Valid HTML: html-validate on every prerendered page under BUILD_DIR/client, with the
// committed .htmlvalidaterc.json. Zero errors, or the process exits non-zero.
//
//   BUILD_DIR=build-x npm run check:html
//
// .htmlvalidaterc.json extends html-validate:recommended and relaxes only what
// conflicts with React's serializer, never a validity or accessibility rule
// (JSON has no comments, so the reasons live here and in docs/checks.md):
// - attr-case allows camelCase besides lowercase: React writes `charSet` for
//   <meta charset> (it warns on `charset`); HTML attribute names are case-insensitive.
// - attribute-boolean-style is off: React writes `hidden` while Astro writes
//   `async=""`; both are valid spellings of a boolean attribute.
// - void-style is off: Astro writes the page shell's void elements as `<link>`, React
//   writes the components' as `<img/>`; both are valid HTML.
// - valid-id is relaxed to HTML's own rule (non-empty, no whitespace): React's
//   useId() makes ids such as `_R_j5_`, which the strict rule rejects for starting
//   with an underscore; duplicate ids are still errors (no-dup-id).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { HtmlValidate, StaticConfigLoader, type ConfigData, type Message } from "html-validate";
import { clientDirOf } from "#shared/build-dir.ts";

const CONFIG_FILE = new URL("../../.htmlvalidaterc.json", import.meta.url);
const ERROR = 2;
const EXCERPT_CHARS = 100;

export interface HtmlProblem {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  message: string;
  selector: string | null;
  /** The source at the problem: React writes most of a page on one line, so line:column alone is hard to read. */
  excerpt: string;
}

export function loadHtmlValidateConfig(): ConfigData {
  return JSON.parse(readFileSync(CONFIG_FILE, "utf8")) as ConfigData;
}

export function createValidator(config: ConfigData = loadHtmlValidateConfig()): HtmlValidate {
  return new HtmlValidate(new StaticConfigLoader(config));
}

function toProblem(file: string, source: string, message: Message): HtmlProblem {
  // Messages point inside a tag; start the excerpt at the tag's "<" when it is near.
  const tagStart = source.lastIndexOf("<", message.offset);
  const start = tagStart >= 0 && message.offset - tagStart <= EXCERPT_CHARS ? tagStart : message.offset;
  return {
    file,
    line: message.line,
    column: message.column,
    ruleId: message.ruleId,
    message: message.message,
    selector: message.selector,
    excerpt: source.slice(start, start + Math.max(message.size, EXCERPT_CHARS)).replace(/\s+/g, " "),
  };
}

/** Errors only: warnings of the recommended preset are advice, not invalid HTML. */
export async function validateHtml(validator: HtmlValidate, file: string, source: string): Promise<HtmlProblem[]> {
  const report = await validator.validateString(source, file);
  return report.results.flatMap((result) =>
    result.messages.filter((message) => message.severity === ERROR).map((message) => toProblem(file, source, message)),
  );
}

export function formatProblem(problem: HtmlProblem): string {
  return [
    `${problem.file}:${problem.line}:${problem.column}  ${problem.ruleId}  ${problem.message}`,
    problem.selector ? `    at ${problem.selector}` : null,
    `    ${problem.excerpt}`,
  ]
    .filter(Boolean)
    .join("\n");
}

/** The folder the build's pages are in. */
export const builtClientDir = () => resolve(clientDirOf(process.env));

/** Every prerendered page of the build, sorted; exits with a hint when there is none. */
export function prerenderedPages(client: string, check: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(client, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".html"))
      .sort()
      .map((file) => join(client, file));
  } catch {
    // reported below
  }
  if (files.length === 0) {
    console.error(`${check}: no prerendered .html under ${client}; build first (BUILD_DIR=... npm run build).`);
    process.exit(1);
  }
  return files;
}

async function main(): Promise<void> {
  const client = builtClientDir();
  const files = prerenderedPages(client, "check:html");
  const validator = createValidator();
  const problems: HtmlProblem[] = [];
  for (const file of files) {
    const found = await validateHtml(validator, relative(process.cwd(), file), readFileSync(file, "utf8"));
    console.log(
      `${found.length === 0 ? "✓" : "✗"} ${relative(client, file)}${found.length ? `: ${found.length} error(s)` : ""}`,
    );
    problems.push(...found);
  }
  if (problems.length > 0) {
    console.error(`\n✗ ${problems.length} HTML error(s) in ${files.length} page(s):\n`);
    for (const problem of problems) console.error(`${formatProblem(problem)}\n`);
    process.exit(1);
  }
  console.log(`\n✓ ${files.length} pages, zero html-validate errors (.htmlvalidaterc.json).`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
