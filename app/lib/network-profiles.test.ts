import { describe, expect, it } from "vitest";
import { profileName } from "./network-profiles";
import { readContent } from "#shared/content/read.ts";
const siteWords = readContent("site");

describe("profileName", () => {
  it.each([
    ["https://www.linkedin.com/company/ta-leadership-network", "LinkedIn"],
    ["https://uk.linkedin.com/company/ta-leadership-network", "LinkedIn"],
    ["https://x.com/taleaders", "X"],
    ["https://m.youtube.com/@taleaders", "YouTube"],
    ["https://community.example.org/ta-leaders", "community.example.org"],
  ])("calls %s %s", (url, name) => {
    expect(profileName(url, siteWords.profileSites)).toBe(name);
  });

  it("is not fooled by a host that only ends like a known site", () => {
    expect(profileName("https://notlinkedin.com/x", siteWords.profileSites)).toBe("notlinkedin.com");
  });
});
