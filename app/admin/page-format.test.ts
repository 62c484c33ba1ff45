// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONTENT_DIR } from "#shared/content/read.ts";
import { FILE_PROBLEM, FILE_TEXT } from "./form-shape";
import { fromFile, toFile } from "./page-format";

const text = (file: string) => readFileSync(join(CONTENT_DIR, file), "utf8");
// The form's words as Decap holds them: nested records a test edits by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Form = Record<string, any>;
/** The lines of `after` that differ from `before`'s, line by line. */
const changedLines = (before: string, after: string) => {
  const [a, b] = [before.split("\n"), after.split("\n")];
  return Array.from({ length: Math.max(a.length, b.length) }, (_, index) => [a[index], b[index]]).filter(
    ([x, y]) => x !== y,
  );
};

describe("a save writes only the lines it changes (app/admin/page-format.ts)", () => {
  it("writes every file of content/ back as it was when nothing changed", () => {
    for (const file of readdirSync(CONTENT_DIR).filter((name) => name.endsWith(".yaml"))) {
      expect(toFile(fromFile(text(file))), file).toBe(text(file));
    }
  });

  it("changes exactly the line of home.yaml's headline when the headline changes", () => {
    const before = text("home.yaml");
    const form: Form = fromFile(before);
    form.hero.headline = "The private network for enterprise TA leaders";
    expect(changedLines(before, toFile(form))).toEqual([
      [
        "  heading: The private network for enterprise talent acquisition leadership",
        "  heading: The private network for enterprise TA leaders",
      ],
    ]);
  });

  it("adds an item and quotes words that need it, touching no other line", () => {
    const before = text("home.yaml");
    const form: Form = fromFile(before);
    form.meta.keywords.push("TA: leadership");
    expect(toFile(form)).toBe(
      before.replace("    - executive search\n", '    - executive search\n    - "TA: leadership"\n'),
    );
  });
});

describe("a file that does not parse opens as its text to fix (app/admin/page-format.ts)", () => {
  const broken = "meta:\n  title: Home\n   description: An invitation-only network\n";

  it("says where it broke, and is saved as the text fixed, never as an empty form", () => {
    const form = fromFile(broken);
    expect(form[FILE_TEXT]).toBe(broken);
    expect(form[FILE_PROBLEM]).toMatch(/^Line 3, column 1\d: Bad indentation of a mapping entry\. Fix the text there/);
    const fixed = "meta:\n  title: Home\n  description: An invitation-only network\n";
    expect(toFile({ ...form, [FILE_TEXT]: fixed, hero: {} })).toBe(fixed);
  });
});
