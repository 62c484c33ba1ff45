import { describe, expect, it } from "vitest";
import { waitText } from "./wait-text";

describe("waitText", () => {
  it.each([
    [1, "a minute"],
    [60, "a minute"],
    [61, "2 minutes"],
    [300, "5 minutes"],
  ])("%i s reads %s", (seconds, words) => {
    expect(waitText(seconds)).toBe(words);
  });
});
