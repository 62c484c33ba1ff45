import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EMPLOYER_REQUEST_PAGE_PATH, ROUTES } from "#shared/routes.ts";
import { ROLES_PATH } from "#shared/roles/page.ts";

// Astro routes by file: app/pages/<path>.astro (index.astro is "/", 404.astro every unknown path);
// a file or folder whose name starts with "_" is no route (a page's body or shared document).
const pagesDir = join(process.cwd(), "app/pages");
const routed = readdirSync(pagesDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".astro") && !file.split("/").some((part) => part.startsWith("_")))
  .map((file) => `/${file.replace(/\.astro$/, "").replace(/(^|\/)index$/, "")}`.replace(/(.)\/$/, "$1"));

describe("the pages", () => {
  /** The pages outside the route table: the bodies of 404 and 410 answers, the employer's mode, one per open role. */
  const OUTSIDE_THE_TABLE = [
    "/404",
    "/410",
    EMPLOYER_REQUEST_PAGE_PATH,
    `${ROLES_PATH}/[slug]`,
    `${ROUTES.requestInvitation.path}/role/[slug]`,
  ];

  it("give every route of shared/routes.ts a file, and nothing else but the pages of answers, modes and roles", () => {
    const pagePaths = Object.values(ROUTES)
      .filter((page) => page !== ROUTES.notFound)
      .map((page) => page.path);
    expect(routed.filter((path) => !OUTSIDE_THE_TABLE.includes(path)).sort()).toEqual([...pagePaths].sort());
    for (const path of OUTSIDE_THE_TABLE) expect(routed).toContain(path);
  });

  it("prerender the request page's employer mode beside the leader page, outside the route table", () => {
    expect(routed).toContain(EMPLOYER_REQUEST_PAGE_PATH);
    expect(Object.values(ROUTES).map((page) => page.path)).not.toContain(EMPLOYER_REQUEST_PAGE_PATH);
  });

  it("send unknown paths to the 404 page", () => {
    expect(routed).toContain(ROUTES.notFound.path);
  });
});
