import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { errorDetail, IslandErrorBoundary } from "./island-error-boundary";
import { readContent } from "#shared/content/read.ts";
const siteWords = readContent("site");

function Failing({ error }: { error: unknown }): never {
  throw error;
}

describe("the error screen of the request page's island", () => {
  it("shows the specification's heading and an error's message", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <IslandErrorBoundary words={siteWords.error}>
        <Failing error={new Error("Cannot read the form configuration")} />
      </IslandErrorBoundary>,
    );
    expect(screen.getByRole("heading", { level: 1, name: siteWords.error.heading })).toBeTruthy();
    expect(screen.getByText("Cannot read the form configuration")).toBeTruthy();
    expect(screen.getByRole("link", { name: siteWords.error.homeLink.label }).getAttribute("href")).toBe("/");
    expect(logged).toHaveBeenCalled();
  });

  it("shows a thrown response's status and status text", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <IslandErrorBoundary words={siteWords.error}>
        <Failing error={new Response("Forbidden", { status: 403, statusText: "Forbidden" })} />
      </IslandErrorBoundary>,
    );
    expect(screen.getByText("403 Forbidden")).toBeTruthy();
    expect(errorDetail("plain")).toBe("plain");
  });
});
