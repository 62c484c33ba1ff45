// @vitest-environment node
import { expect, it } from "vitest";
import { slowdownFor } from "./lighthouse-compare";

it("slows the CPU so that the machine's benchmarkIndex over the slowdown is the device's", () => {
  expect(slowdownFor(1100, 275)).toBe(4);
  expect(slowdownFor(1925, 275)).toBe(7);
  expect(slowdownFor(2000, 275)).toBe(7.3);
});

it("never speeds a machine slower than the device up", () => {
  expect(slowdownFor(200, 275)).toBe(1);
});
