// @vitest-environment node
import { describe, expect, it } from "vitest";
import { declaresUtf8OrNothing } from "./answers";

describe("declaresUtf8OrNothing", () => {
  it.each([
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    ['application/x-www-form-urlencoded; charset="UTF-8"', true],
    ["application/json;charset=utf8", true],
    ["application/json; charset=utf-16", false],
    ["application/x-www-form-urlencoded; charset=iso-8859-1", false],
    ["application/json; charset=", false],
    // RFC 2231's forms of the parameter are the parameter.
    ["application/json; charset*=iso-8859-1''", false],
    ["application/json; charset*=utf-8''iso-8859-1", false],
    ["application/json; charset*=utf-8''utf-8", true],
    ["application/json; charset*=''UTF%2D8", true],
    ["application/json; charset*0=utf; charset*1=-8", false],
    ["application/json; charset*=%E0%A4%A", false],
  ])("%s: %s", (type, utf8) => {
    expect(declaresUtf8OrNothing({ "content-type": type })).toBe(utf8);
  });
});
