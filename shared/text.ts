/**
 * The text helpers the pages and the server share (the server imports them as the pages do):
 * escaping for HTML, the page-title format of docs/product.md, plurals, `{placeholder}` filling.
 */

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text as HTML that shows it as it is, in an element or an attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character]!);
}

/** `<title> | The <SITE_NAME>`, unless the title already names the product. */
export function formatTitle(title: string, siteName: string): string {
  return title.toLowerCase().includes(siteName.toLowerCase()) ? title : `${title} | The ${siteName}`;
}

/** "1 request", "2 requests"; "2 deliveries" with the plural given. */
export const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count === 1 ? word : words}`;

/**
 * A text of content/ with its `{placeholders}` filled in: every occurrence, each value as it is
 * (a function replacer, so a `$&` in a value stays literal). An unknown placeholder stays as written.
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (token, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : token,
  );
}

/** A Retry-After in seconds as words, rounded up to whole minutes: "a minute", "5 minutes". */
export function waitText(seconds: number, words: { one: string; many: string }): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? words.one : fill(words.many, { minutes });
}
