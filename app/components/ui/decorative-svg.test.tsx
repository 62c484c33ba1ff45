import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import rightSeatArt from "#app/assets/images/right-seat-scene.svg?raw";
import { DecorativeSvg, parseSvg } from "./decorative-svg";

describe("decorative inline art", () => {
  it("draws the file's art inside an svg of its viewBox and size, hidden from assistive technology and never focused", () => {
    const { container } = render(<DecorativeSvg svg={rightSeatArt} className="art" />);
    const svg = container.querySelector("svg")!;
    expect(svg.getAttribute("viewBox")).toBe("0 0 1200 1200");
    // Width and height give the box its aspect ratio before CSS sizes it: nothing shifts.
    expect([svg.getAttribute("width"), svg.getAttribute("height")]).toEqual(["1200", "1200"]);
    expect(svg.getAttribute("aria-hidden")).toBe("true");
    expect(svg.getAttribute("focusable")).toBe("false");
    expect(svg.getAttribute("class")).toBe("art");
    // The drawing itself, with no nested svg root and no raster image.
    expect(svg.querySelectorAll("svg, image")).toHaveLength(0);
    expect(svg.querySelectorAll("circle, path").length).toBeGreaterThan(20);
  });

  it("reads a viewBox that is not square, and refuses markup without one", () => {
    expect(
      parseSvg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9"/></svg>'),
    ).toEqual({ viewBox: "0 0 16 9", width: 16, height: 9, body: '<rect width="16" height="9"/>' });
    expect(() => parseSvg('<svg width="16" height="9"></svg>')).toThrow(/viewBox/);
    expect(() => parseSvg("<div></div>")).toThrow(/viewBox/);
  });
});
