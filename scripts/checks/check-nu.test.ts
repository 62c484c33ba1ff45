// @vitest-environment node
import { describe, expect, it } from "vitest";
import { problemsIn, type NuMessage } from "./check-nu";

const message = (type: NuMessage["type"], text: string, subType?: NuMessage["subType"]): NuMessage => ({
  type,
  subType,
  message: text,
});

describe("problemsIn", () => {
  it("counts errors and warnings, not info notes", () => {
    const messages = [
      message("error", "The “sizes” attribute must only be specified if the “srcset” attribute is also specified."),
      message("info", "Article lacks heading.", "warning"),
      message("info", "Trailing slash on void elements has no effect."),
      message("non-document-error", "Cannot read file.", "io"),
    ];
    expect(problemsIn(messages).map((problem) => problem.message)).toEqual([
      messages[0]!.message,
      messages[1]!.message,
      messages[3]!.message,
    ]);
  });

  it("sets aside only the CSS messages about CSS the checker does not know", () => {
    const known = [
      message("error", "CSS: Unrecognized at-rule “@property”."),
      message("error", "CSS: “margin-trim”: Property “margin-trim” doesn't exist."),
      message("error", "CSS: “transition-property”: “--tw-gradient-from” is not a “transition-property” value."),
    ];
    const real = [
      message("error", "CSS: “color”: “reed” is not a “color” value."),
      // The same words outside a CSS message are an HTML problem and count.
      message("error", "Unrecognized at-rule “@property”."),
    ];
    expect(problemsIn([...known, ...real])).toEqual(real);
  });
});
