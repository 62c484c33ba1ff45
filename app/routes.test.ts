import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EMPLOYER_REQUEST_PAGE_PATH, ROUTES } from "#shared/routes";

// Astro routes by file: app/pages/<path>.astro (index.astro is "/", 404.astro every unknown path);
// a file or folder whose name starts with "_" is no route (a page's body or shared document).
const pagesDir = join(process.cwd(), "app/pages");
const routed = readdirSync(pagesDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".astro") && !file.split("/").some((part) => part.startsWith("_")))
  .map((file) => `/${file.replace(/\.astro$/, "").replace(/(^|\/)index$/, "")}`.replace(/(.)\/$/, "$1"));

describe("the pages", () => {
  it("give every route of shared/routes.ts a file, and nothing else but the 404 page and the request page's employer mode", () => {
    const pagePaths = Object.values(ROUTES)
      .filter((page) => page !== ROUTES.notFound)
      .map((page) => page.path);
    expect(routed.filter((path) => path !== "/404" && path !== EMPLOYER_REQUEST_PAGE_PATH).sort()).toEqual(
      [...pagePaths].sort(),
    );
  });

  it("prerender the request page's employer mode beside the leader page, outside the route table", () => {
    expect(routed).toContain(EMPLOYER_REQUEST_PAGE_PATH);
    expect(Object.values(ROUTES).map((page) => page.path)).not.toContain(EMPLOYER_REQUEST_PAGE_PATH);
  });

  it("send unknown paths to the 404 page", () => {
    expect(routed).toContain(ROUTES.notFound.path);
  });
});
