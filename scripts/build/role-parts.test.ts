// @vitest-environment node
import { describe, expect, it } from "vitest";
import { rolesMarker } from "#shared/roles/page.ts";
import { checkRolePageParts, splitRolePage } from "./role-parts";

const PAGE = [
  "<body><h1>",
  rolesMarker("some"),
  "Roles open now",
  rolesMarker("none"),
  "Roles",
  rolesMarker("always"),
  "</h1><ul>",
  rolesMarker("item:vp-ta"),
  "<li>VP</li>",
  rolesMarker("some"),
  "</ul></body>",
].join("");

describe("a page that shows the roles, cut at its marks", () => {
  it("keeps each part with what it waits for, and joins back into the page without the marks", () => {
    const page = splitRolePage(PAGE, 3);
    expect(page.maxItems).toBe(3);
    expect(page.parts.map((part) => part.shown)).toEqual(["always", "some", "none", "always", "item:vp-ta", "some"]);
    expect(() => checkRolePageParts(PAGE, page)).not.toThrow();
  });

  it("stops the build at a page with no mark, or one no server reads", () => {
    expect(() => splitRolePage("<body></body>")).toThrow(/no marks/);
    expect(() => splitRolePage(`<body>${rolesMarker("item:Not A Slug")}</body>`)).toThrow(/Not A Slug/);
  });
});
