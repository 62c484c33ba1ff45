/**
 * Checks an Atom feed (RFC 4287) as a reader needs it: well-formed XML (fast-xml-parser's
 * validator), the Atom namespace, and the elements the RFC requires (4.1.1 feed: id, title,
 * updated, an author unless every entry has one, a self link recommended; 4.1.2 entry: id, title,
 * updated, a link or content, a summary when there is no content), with IRIs and dates that parse.
 * Returns the problems, and the entries' ids.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

type Node = Record<string, unknown>;
const list = (value: unknown): Node[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]) as Node[];
const text = (value: unknown) => (typeof value === "object" && value !== null ? (value as Node)["#text"] : value);

export function checkAtomFeed(xml: string): { problems: string[]; ids: string[] } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { problems: [`not well-formed XML: ${valid.err.msg}`], ids: [] };
  const { feed } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(xml) as { feed?: Node };
  if (!feed) return { problems: ["no <feed> root"], ids: [] };
  const problems: string[] = [];
  const required = (node: Node, where: string, names: string[]) => {
    for (const name of names)
      if (text(node[name]) === undefined || text(node[name]) === "") problems.push(`${where}: no <${name}>`);
  };
  const iri = (value: unknown, where: string) => {
    if (!URL.canParse(String(text(value)))) problems.push(`${where}: <id> is not an IRI`);
  };
  const date = (value: unknown, where: string) => {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(String(text(value)))) {
      problems.push(`${where}: <updated> is not an RFC 3339 date`);
    }
  };
  if (feed["@xmlns"] !== "http://www.w3.org/2005/Atom") problems.push("feed: not in the Atom namespace");
  required(feed, "feed", ["id", "title", "updated"]);
  iri(feed.id, "feed");
  date(feed.updated, "feed");
  if (!list(feed.link).some((link) => link["@rel"] === "self")) problems.push("feed: no self link");
  const entries = list(feed.entry);
  const feedAuthor = list(feed.author).some((author) => text(author.name));
  entries.forEach((entry, index) => {
    const where = `entry ${index + 1}`;
    required(entry, where, ["id", "title", "updated"]);
    iri(entry.id, where);
    date(entry.updated, where);
    const alternate = list(entry.link).some((link) => !link["@rel"] || link["@rel"] === "alternate");
    if (!alternate && entry.content === undefined) problems.push(`${where}: neither an alternate link nor content`);
    if (entry.content === undefined && text(entry.summary) === undefined) problems.push(`${where}: no <summary>`);
    if (!feedAuthor && !list(entry.author).some((author) => text(author.name))) problems.push(`${where}: no author`);
  });
  return { problems, ids: entries.map((entry) => String(text(entry.id))) };
}
