import { describe, expect, it } from "vitest";
import { slateToMarkdown } from "decap-cms-widget-markdown/dist/esm/serializers/index.js";
import { keepTypedMarkdown } from "./typed-markdown";

/** Paragraphs as the rich-text mode holds what was typed in them, and a list of one item. */
const typed = (text: string) => [
  { type: "paragraph", children: [{ text }] },
  { type: "bulleted-list", children: [{ type: "list-item", children: [{ type: "paragraph", children: [{ text }] }] }] },
];
/** What Decap's rich-text mode saves of them (its own writer, the editor's plugins after its escaping). */
const saved = (text: string, remarkPlugins: unknown[]) => slateToMarkdown(typed(text), { remarkPlugins });

describe("Markdown typed in the description's rich-text mode (app/admin/typed-markdown.ts)", () => {
  const line = "Report to the **VP** and read [our mission](/mission), _today_.";

  it("is saved as Markdown, where Decap's writer alone escapes it", () => {
    expect(saved(line, [])).toBe(
      "Report to the \\*\\*VP\\*\\* and read \\[our mission](/mission), \\_today\\_.\n\n* Report to the \\*\\*VP\\*\\* and read \\[our mission](/mission), \\_today\\_.",
    );
    expect(saved(line, [keepTypedMarkdown])).toBe(`${line}\n\n* ${line}`);
  });

  it("keeps a list typed at the start of a line a list", () => {
    expect(saved("- Lead the team", [keepTypedMarkdown])).toBe("- Lead the team\n\n* - Lead the team");
  });
});
