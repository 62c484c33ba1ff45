// The W3C Nu HTML Checker (vnu.jar from the `vnu-jar` package, run on Debian's Java) on
// every prerendered page under BUILD_DIR/client. Zero errors and zero warnings, or the
// process exits non-zero. It is the validator the W3C runs at validator.w3.org/nu, and
// it knows rules html-validate does not (`sizes` without `srcset`, an `<article>` with
// no heading).
//
//   BUILD_DIR=build-x npm run check:nu
//
// Its CSS checker predates parts of CSS that every current browser supports and
// Tailwind 4 emits (`@property`, `margin-trim`, custom properties in
// `transition-property`). Those CSS messages are dropped by pattern, each pattern
// naming what it excuses; every HTML message counts.
import { spawnSync } from "node:child_process";
import { relative } from "node:path";
import vnuJar from "vnu-jar";
import { builtClientDir, prerenderedPages } from "./check-html";
import { JAVA_PATH } from "./ensure-java";

export interface NuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal" | "io" | "schema" | "internal";
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

/** CSS the checker does not know yet, by the message it gives. Only `CSS:` messages are matched. */
export const UNSUPPORTED_CSS: readonly { pattern: RegExp; why: string }[] = [
  {
    pattern: /^CSS: Unrecognized at-rule “@property”/,
    why: "registered custom properties (CSS Properties and Values API)",
  },
  { pattern: /^CSS: “margin-trim”: Property “margin-trim” doesn't exist/, why: "margin-trim (Tailwind's preflight)" },
  {
    pattern: /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value/,
    why: "custom properties listed in transition-property",
  },
];

export function isExcusedCss(message: NuMessage): boolean {
  return message.message.startsWith("CSS:") && UNSUPPORTED_CSS.some(({ pattern }) => pattern.test(message.message));
}

/** What fails the check: errors of any kind and warnings; `info` notes are advice. */
export function problemsIn(messages: readonly NuMessage[]): NuMessage[] {
  return messages.filter(
    (message) => (message.type !== "info" || message.subType === "warning") && !isExcusedCss(message),
  );
}

/** Runs vnu.jar on the files; it writes its JSON report to stderr. */
export function runNu(files: readonly string[]): NuMessage[] {
  const result = spawnSync(JAVA_PATH, ["-jar", String(vnuJar), "--format", "json", "--exit-zero-always", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error || result.status !== 0) {
    throw new Error(`check:nu: the Nu checker did not run: ${result.error?.message ?? result.stderr}`);
  }
  return (JSON.parse(result.stderr) as { messages: NuMessage[] }).messages;
}

async function main(): Promise<void> {
  const client = builtClientDir();
  const files = prerenderedPages(client, "check:nu");
  const messages = runNu(files);
  const problems = problemsIn(messages);
  const excused = messages.filter(isExcusedCss).length;
  for (const file of files) {
    const url = `file:${file}`;
    const count = problems.filter((problem) => problem.url === url).length;
    console.log(`${count === 0 ? "✓" : "✗"} ${relative(client, file)}${count ? `: ${count} problem(s)` : ""}`);
  }
  if (problems.length > 0) {
    console.error(`\n✗ ${problems.length} Nu checker problem(s):\n`);
    for (const problem of problems) {
      const where = problem.url
        ? `${relative(process.cwd(), problem.url.replace(/^file:/, ""))}:${problem.lastLine ?? "?"}:${problem.firstColumn ?? "?"}`
        : "";
      console.error(`${where}  ${problem.subType ?? problem.type}  ${problem.message}`);
      if (problem.extract) console.error(`    ${problem.extract.replace(/\s+/g, " ")}`);
    }
    process.exit(1);
  }
  console.log(
    `\n✓ ${files.length} pages, zero Nu HTML Checker errors and warnings (${excused} messages about CSS it does not know yet set aside).`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
