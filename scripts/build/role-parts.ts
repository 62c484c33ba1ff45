/**
 * The list page (`/roles`) cut into the parts the Node server joins for the roles open at each
 * moment (server/http/role-documents.ts, docs/decisions/0026-roles-reach-searchers.md): the page is
 * rendered with every role it may list and each part marked (shared/roles/page.ts, roleListMarker; the
 * markers are the build's own, and none is left in what is served). A page whose markers are not
 * each where the parts need them stops the build.
 */
import { ROLE_LIST_PARTS, roleListMarker, type RoleListPart } from "#shared/roles/page.ts";
import { composeRoleList, type RoleListParts } from "../../server/http/role-documents";

const MARKER = /<template data-roles-part="([^"]+)"><\/template>/g;

export function splitRoleList(html: string): RoleListParts {
  const markers = [...html.matchAll(MARKER)].map((match) => ({
    part: match[1] as RoleListPart,
    start: match.index,
    end: match.index + match[0].length,
  }));
  const fixed = markers.filter((marker) => !marker.part.startsWith("item:")).map((marker) => marker.part);
  if (fixed.join(" ") !== ROLE_LIST_PARTS.join(" ")) {
    throw new Error(`the list page's parts are not marked as expected (${ROLE_LIST_PARTS.join(", ")}): found ${fixed.join(", ")}`);
  }
  const index = (part: RoleListPart) => markers.findIndex((marker) => marker.part === part);
  /** The text from the end of marker `from` to the start of the next one. */
  const after = (at: number) => html.slice(markers[at]!.end, markers[at + 1]?.start ?? html.length);
  const items = markers
    .map((marker, at) => ({ marker, at }))
    .filter(({ marker }) => marker.part.startsWith("item:"))
    .map(({ marker, at }) => ({ slug: marker.part.slice("item:".length), html: after(at) }));
  return {
    head: html.slice(0, markers[0]!.start),
    listStart: after(index("list")),
    items,
    listEnd: after(index("items-end")),
    afterList: after(index("list-end")),
    empty: after(index("empty")),
    afterEmpty: after(index("empty-end")),
    more: after(index("more")),
    tail: after(index("more-end")),
  };
}

/** Checks the cut: every part joined back, without the markers, is the page as rendered. */
export function checkRoleListParts(html: string, parts: RoleListParts): void {
  const unmarked = html.replace(MARKER, "");
  const all = new Set(parts.items.map((item) => item.slug));
  // With every role, the page as rendered, empty state and all: the parts lose nothing.
  const joined =
    parts.head +
    parts.listStart +
    parts.items.map((item) => item.html).join("") +
    parts.listEnd +
    parts.afterList +
    parts.empty +
    parts.afterEmpty +
    parts.more +
    parts.tail;
  if (joined !== unmarked || composeRoleList(parts, all).includes(roleListMarker("list"))) {
    throw new Error("the list page's parts do not join back into the page");
  }
}
