/**
 * Markdown typed in the description's rich-text mode, kept as Markdown. Decap's writer escapes
 * every Markdown mark typed as text there (decap-cms-widget-markdown's
 * remarkEscapeMarkdownEntities), so `**VP**` was saved as `\*\*VP\*\*` and `[our mission](/mission)`
 * as `\[our mission](/mission)`: the page showed the marks, not the bold or the link meant. A role's
 * description is Markdown, and the marks a marketer types are meant as Markdown (the toolbar's
 * bold and link write the same), so this remark plugin, which Decap runs after its own escaping
 * (CMS.registerRemarkPlugin in ./admin.tsx), takes the escapes off again. The build's check of
 * the description (shared/roles/schema.ts) then applies to the links typed this way too.
 */

/** A node of the Markdown tree: a text (Decap's rich-text mode hands its texts on as `html` nodes), or one holding others. */
interface MarkdownNode {
  type: string;
  value?: unknown;
  children?: MarkdownNode[];
}

/** The escapes Decap's writer puts before Markdown's marks in typed text (its escapeDelimiters, escapeLeadingChars). */
const ESCAPED_MARK = /\\([*_~`[\]\-#>])/g;

/** The text as typed: Decap's escapes of Markdown's marks taken off. */
export const unescapeTyped = (text: string) => text.replace(ESCAPED_MARK, "$1");

function unescapeNode(node: MarkdownNode): void {
  if ((node.type === "text" || node.type === "html") && typeof node.value === "string") {
    node.value = unescapeTyped(node.value);
  }
  for (const child of node.children ?? []) unescapeNode(child);
}

/** The remark plugin (a unified attacher whose transformer edits the tree in place). */
export function keepTypedMarkdown() {
  return (tree: MarkdownNode) => unescapeNode(tree);
}
