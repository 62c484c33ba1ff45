import { render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { errorContent } from "~/content/shared";
import { ErrorBoundary } from "./root";

function renderFailingRoute(fail: () => never, where: "render" | "loader" = "render") {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (where === "render" ? fail() : null),
      loader: where === "loader" ? () => fail() : undefined,
      // The root boundary as React Router mounts it in framework mode, with the thrown error as a prop.
      ErrorBoundary: ErrorBoundary as never,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("the router error screen", () => {
  it("shows the specification's heading and an error's message", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    renderFailingRoute(() => {
      throw new Error("Cannot read the route table");
    });
    expect(await screen.findByRole("heading", { level: 1, name: errorContent.heading })).toBeTruthy();
    expect(screen.getByText("Cannot read the route table")).toBeTruthy();
    expect(screen.getByRole("link", { name: errorContent.homeLink.label }).getAttribute("href")).toBe("/");
    expect(logged).toHaveBeenCalled();
  });

  it("shows a thrown response's status and status text", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderFailingRoute(() => {
      throw data("Forbidden", { status: 403, statusText: "Forbidden" });
    }, "loader");
    expect(await screen.findByRole("heading", { level: 1, name: errorContent.heading })).toBeTruthy();
    expect(screen.getByText("403 Forbidden")).toBeTruthy();
  });
});
