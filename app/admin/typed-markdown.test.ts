import { describe, expect, it } from "vitest";
import { remarkToMarkdown } from "decap-cms-widget-markdown/dist/esm/serializers/index.js";
import { keepTypedMarkdown } from "./typed-markdown";

/** A paragraph as the rich-text mode holds what was typed in it: one text. */
const typed = (text: string) => ({
  type: "root",
  children: [{ type: "paragraph", children: [{ type: "text", value: text }] }],
});

describe("Markdown typed in the description's rich-text mode (app/admin/typed-markdown.ts)", () => {
  const line = "Report to the **VP** and read [our mission](/mission), _today_.";

  it("is saved as Markdown, where Decap's writer alone escapes it", () => {
    expect(remarkToMarkdown(typed(line), [])).toBe(
      "Report to the \\*\\*VP\\*\\* and read \\[our mission](/mission), \\_today\\_.",
    );
    expect(remarkToMarkdown(typed(line), [keepTypedMarkdown])).toBe(line);
  });

  it("keeps a list typed at the start of a line a list", () => {
    expect(remarkToMarkdown(typed("- Lead the team"), [keepTypedMarkdown])).toBe("- Lead the team");
  });
});
