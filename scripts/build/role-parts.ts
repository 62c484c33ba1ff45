/**
 * A page that shows the open roles (the list, `/roles`, and the home page) cut into the parts the
 * Node server joins for the roles open at each moment (server/http/role-documents.ts,
 * docs/decisions/0026-roles-reach-searchers.md): the page is rendered with every role it may show
 * and each part marked (shared/roles/page.ts, rolesMarker; the marks are the build's own, and none
 * is left in what is served). A page with no mark, or a mark the server would not read, stops the build.
 */
import { ROLE_SLUG, type RolesShown } from "#shared/roles/page.ts";
import { composeRolePage, type RolePageParts } from "../../server/http/role-documents";

const MARKER = /<template data-roles-part="([^"]+)"><\/template>/g;
/** A mark anywhere (no /g: `test` keeps no place between calls). */
const ANY_MARKER = /<template data-roles-part=/;

const isShown = (value: string): value is RolesShown =>
  value === "always" ||
  value === "some" ||
  value === "none" ||
  (value.startsWith("item:") && ROLE_SLUG.test(value.slice("item:".length)));

/** The page `html` cut at its marks; what precedes the first shows always. */
export function splitRolePage(html: string, maxItems?: number): RolePageParts {
  const markers = [...html.matchAll(MARKER)].map((match) => ({
    shown: match[1]!,
    start: match.index,
    end: match.index + match[0].length,
  }));
  if (markers.length === 0) throw new Error("the page has no marks of the parts that show the roles");
  const unknown = markers.filter((marker) => !isShown(marker.shown)).map((marker) => marker.shown);
  if (unknown.length > 0) throw new Error(`the page marks parts no server reads: ${unknown.join(", ")}`);
  const parts = [
    { shown: "always" as RolesShown, html: html.slice(0, markers[0]!.start) },
    ...markers.map((marker, at) => ({
      shown: marker.shown as RolesShown,
      html: html.slice(marker.end, markers[at + 1]?.start ?? html.length),
    })),
  ].filter((part) => part.html !== "");
  return maxItems === undefined ? { parts } : { parts, maxItems };
}

/** Checks the cut: every part joined back, without the marks, is the page as rendered, and no state leaves a mark. */
export function checkRolePageParts(html: string, page: RolePageParts): void {
  const unmarked = html.replace(MARKER, "");
  const all = new Set(page.parts.flatMap(({ shown }) => (shown.startsWith("item:") ? [shown.slice(5)] : [])));
  const joined = page.parts.map((part) => part.html).join("");
  const states = [composeRolePage(page, all), composeRolePage(page, new Set())];
  if (joined !== unmarked || states.some((state) => ANY_MARKER.test(state))) {
    throw new Error("the page's parts do not join back into the page");
  }
}
