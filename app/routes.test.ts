import { describe, expect, it } from "vitest";
import { pages } from "./content/pages";
import routes from "./routes";

describe("the route table", () => {
  const routed = routes.map((entry) => (entry.index ? "/" : `/${entry.path}`));

  it("routes every page of content/pages.ts, and nothing else but the catch-all", () => {
    const pagePaths = Object.values(pages)
      .filter((page) => page !== pages.notFound)
      .map((page) => page.path);
    expect(routed.filter((path) => path !== "/*").sort()).toEqual([...pagePaths].sort());
  });

  it("sends unknown paths to the 404 page", () => {
    expect(routes.find((entry) => entry.path === "*")?.file).toBe("routes/not-found.tsx");
  });
});
