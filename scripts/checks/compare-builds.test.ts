import { describe, expect, it } from "vitest";
import { COMPARED_ROUTES, diffLines, withoutAssetHash } from "./compare-builds";
import { ROUTES as pages } from "#shared/routes.ts";

describe("comparing two builds", () => {
  it("reports what was added and removed, in order, and nothing for equal lines", () => {
    expect(diffLines(["a", "b", "c"], ["a", "b", "c"])).toEqual([]);
    expect(diffLines(["a", "b", "c"], ["a", "x", "c", "d"])).toEqual(["+ x", "- b", "+ d"]);
    expect(diffLines(["a"], [])).toEqual(["- a"]);
  });

  it("compares asset names without their content hash", () => {
    expect(withoutAssetHash("link href=/assets/planning.Bx1_9aZk.webp")).toBe("link href=/assets/planning.*.webp");
    expect(withoutAssetHash("/social/mission.png")).toBe("/social/mission.png");
  });

  it("covers every page of the route table and the employer's request page", () => {
    const paths = COMPARED_ROUTES.map((route) => route.path);
    for (const page of Object.values(pages)) expect(paths).toContain(page.path);
    expect(paths).toContain(`${pages.requestInvitation.path}?type=employer`);
  });
});
