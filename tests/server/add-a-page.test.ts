// The README's recipe for adding a page ("To add a page"), followed in a copy of the repository:
// a page's words, their schema, its entry in the table of pages, its .astro file and body, and
// its preview, each written as the recipe says. Then the copy's own pieces prove the page whole:
// the registry's unit tests (the route and the page's file agree, every file of content/ has a
// form and passes its schema), a check of what the table made of it (the editor's form, View
// Live and preview, the sitemap's line, the social card), and `astro build`, which renders the
// page from its collection. No typecheck here (`npm run typecheck` runs on the real tree, where
// a page without its schema or its preview fails it); a page the table lists but the build
// cannot render fails here.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/site-process";

const copy = mkdtempSync(join(tmpdir(), "add-a-page-"));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

/** Writes `file` of the copy. */
const write = (file: string, text: string) => {
  mkdirSync(dirname(join(copy, file)), { recursive: true });
  writeFileSync(join(copy, file), text);
};

/** Puts `text` into `file` of the copy just after `anchor`, which must be there once. */
function insertAfter(file: string, anchor: string, text: string): void {
  const source = readFileSync(join(copy, file), "utf8");
  const at = source.indexOf(anchor);
  if (at < 0 || source.indexOf(anchor, at + 1) >= 0) throw new Error(`${file}: "${anchor}" is not there once`);
  writeFileSync(join(copy, file), source.slice(0, at + anchor.length) + text + source.slice(at + anchor.length));
}

/** Runs `args` with this Node in the copy; its output, or an error with its last lines. */
function run(args: string[], env: NodeJS.ProcessEnv = {}): string {
  const result = spawnSync(process.execPath, args, {
    cwd: copy,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", BUILD_DIR: "build", NO_COLOR: "1", FORCE_COLOR: "0", ...env },
    encoding: "utf8",
    timeout: 110_000,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${output.split("\n").slice(-40).join("\n")}`);
  return output;
}

beforeAll(() => {
  // The repository's files, as git has them, and its packages: links to the checkout's, but for
  // the caches a build or a test writes (.astro, .vite...), so the copy writes into none of them.
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: PROJECT_ROOT, encoding: "utf8" }).split("\0");
  for (const file of files.filter(Boolean)) cpSync(join(PROJECT_ROOT, file), join(copy, file));
  mkdirSync(join(copy, "node_modules"));
  for (const entry of readdirSync(join(PROJECT_ROOT, "node_modules"))) {
    if (entry.startsWith(".") && entry !== ".bin") continue;
    symlinkSync(join(PROJECT_ROOT, "node_modules", entry), join(copy, "node_modules", entry));
  }

  // 1. Its words: content/<file>.yaml.
  write(
    "content/careers.yaml",
    [
      "meta:",
      "  title: Careers",
      "  description: Roles on the team that runs the network, for people who want to help talent acquisition leaders meet the right employers.",
      "  keywords:",
      "    - TA network careers",
      "  heading: Work on the network itself",
      "hero:",
      "  lead: The team behind the network is small. When it grows, the openings are listed here first.",
      "  art: supportedNetwork",
      "cta:",
      "  title: Not a fit for the team?",
      "  body: Join the network as a leader, or bring us a search.",
      "",
    ].join("\n"),
  );
  // 2. Their schema: shared/content/<file>.ts, bound to its name in shared/content/collections.ts.
  write(
    "shared/content/careers.ts",
    [
      "/** The Careers page's words (content/careers.yaml). */",
      'import { z } from "zod";',
      'import { pageMeta } from "./page";',
      'import { callToAction, pageHero } from "./sections";',
      "",
      "export const careersSchema = z.strictObject({ meta: pageMeta, hero: pageHero, cta: callToAction });",
      "",
      "export type CareersWords = z.infer<typeof careersSchema>;",
      "",
    ].join("\n"),
  );
  insertAfter(
    "shared/content/collections.ts",
    'import { emailsSchema } from "./emails";',
    '\nimport { careersSchema } from "./careers";',
  );
  insertAfter("shared/content/collections.ts", "const SCHEMAS = {", "\n  careers: careersSchema,");
  // 3. Its entry in the table of pages.
  insertAfter(
    "shared/pages.ts",
    "export const PAGES = {",
    '\n  careers: { path: "/careers", indexable: true, file: "careers.yaml", label: "Careers" },',
  );
  // 4. Its page: app/pages/<path>.astro, its body beside it as _<name>.tsx.
  write(
    "app/pages/_careers.tsx",
    [
      'import type { CareersWords } from "#shared/content/careers.ts";',
      'import type { ModeActions } from "#shared/content/sections.ts";',
      'import { CallToActionBand } from "#app/components/sections/call-to-action-band.tsx";',
      'import { PageHero } from "#app/components/sections/page-hero.tsx";',
      "",
      "export default function CareersPage({ content, requestActions }: { content: CareersWords; requestActions: ModeActions }) {",
      "  return (",
      "    <>",
      "      <PageHero hero={content.hero} eyebrow={content.meta.title} title={content.meta.heading} />",
      '      <CallToActionBand content={content.cta} actions={requestActions} id="cta-heading" />',
      "    </>",
      "  );",
      "}",
      "",
    ].join("\n"),
  );
  write(
    "app/pages/careers.astro",
    [
      "---",
      'import PageLayout from "#app/layouts/page-layout.astro";',
      'import { pageHead, words } from "#app/lib/content.ts";',
      'import { modeLinks, ROUTES } from "#shared/routes.ts";',
      'import CareersPage from "./_careers";',
      "",
      'const [content, siteWords] = await Promise.all([words("careers"), words("site")]);',
      "---",
      "",
      '<PageLayout head={pageHead("careers", content.meta)} path={ROUTES.careers.path}>',
      "  <CareersPage content={content} requestActions={modeLinks(siteWords.requestActions)} />",
      "</PageLayout>",
      "",
    ].join("\n"),
  );
  // 5. Its preview in the editor, by the page's own body.
  insertAfter(
    "app/admin/previews.tsx",
    'import { FILE_PROBLEM, toFileShape } from "./form-shape";',
    '\nimport CareersPage from "#app/pages/_careers.tsx";',
  );
  insertAfter(
    "app/admin/previews.tsx",
    "const previews = {",
    "\n    careers: (props) => <CareersPage content={wordsOf(props)} requestActions={requestActions} />,",
  );
}, 60_000);

it("gives the page its route, its collection, its form, its preview, its sitemap line and its card", () => {
  // What the table made of the page, read through the copy's own modules (a unit test of the copy's).
  write(
    "app/added-page.test.ts",
    [
      "// @vitest-environment node",
      'import { expect, it } from "vitest";',
      'import { decapConfig } from "#app/admin/editor-config.ts";',
      'import { registerPreviews } from "#app/admin/previews.tsx";',
      'import { readContent } from "#shared/content/read.ts";',
      'import { parseSiteConfig } from "#shared/site-config.ts";',
      'import { indexablePaths, renderSitemap } from "../scripts/build/seo-files";',
      'import { socialCardPages } from "../scripts/build/social-card-pages";',
      "",
      'it("is in the editor, the sitemap and the social cards", () => {',
      '  const config = decapConfig({ backend: "local", url: "http://127.0.0.1:8081/api/v1", branch: "main" }, "https://x.example");',
      '  const pages = config.collections.find((collection) => collection.name === "pages");',
      '  const form = pages && "files" in pages ? pages.files.find((file) => file.name === "careers") : undefined;',
      '  expect(form).toMatchObject({ label: "Careers", file: "content/careers.yaml", preview_path: "careers" });',
      '  expect(form?.fields.map((field) => field.name)).toEqual(["_fileText", "hero", "cta", "meta"]);',
      "  const previews: string[] = [];",
      '  const siteWords = readContent("site");',
      '  const words = { siteWords, services: readContent("howWeHelp"), openRolesWords: readContent("openRoles") };',
      "  registerPreviews({ registerPreviewTemplate: (name: string) => previews.push(name) } as never, words);",
      '  expect(previews).toContain("careers");',
      '  expect(renderSitemap("https://x.example", indexablePaths())).toContain("<loc>https://x.example/careers</loc>");',
      "  const cards = socialCardPages(parseSiteConfig({}));",
      '  expect(cards.find((card) => card.page.path === "/careers")).toMatchObject({ art: "supportedNetwork" });',
      "});",
      "",
    ].join("\n"),
  );
  const vitest = join("node_modules", "vitest", "vitest.mjs");
  const registryTests = ["app/routes.test.ts", "app/admin/editor-fields.test.ts", "shared/content/content.test.ts"];
  const output = run([vitest, "run", "app/added-page.test.ts", ...registryTests]);
  expect(output).toMatch(/Test Files\s+\S*4 passed/);
});

it("is rendered by astro build from its collection, its head and heading from its words", () => {
  run([join("node_modules", "astro", "bin", "astro.mjs"), "build"]);
  const html = readFileSync(join(copy, "build", "client", "careers", "index.html"), "utf8");
  expect(html).toContain("<title>Careers | The ");
  expect(html).toMatch(/<h1[^>]*>[\s\S]*Work on the network itself[\s\S]*<\/h1>/);
  expect(html).toContain('<link rel="canonical" href="http://localhost:4173/careers"');
}, 120_000);
