import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NetworkProfileLinks } from "./site-footer";
import { readContent } from "#shared/content/read.ts";
const siteWords = readContent("site");

describe("the footer's links to the network's own profiles", () => {
  it("names each by its site, as a link that opens a new tab", () => {
    const profiles = ["https://www.linkedin.com/company/ta-leadership-network", "https://x.com/taleaders"];
    render(<NetworkProfileLinks profiles={profiles} words={siteWords} />);
    const list = screen.getByRole("list", { name: siteWords.footer.profilesHeading });
    expect(list).toBeTruthy();
    const linkedIn = screen.getByRole("link", { name: "LinkedIn (opens in a new tab)" });
    expect(linkedIn.getAttribute("href")).toBe(profiles[0]);
    expect(linkedIn.getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("link", { name: "X (opens in a new tab)" }).getAttribute("href")).toBe(profiles[1]);
  });

  it("shows nothing when NETWORK_PROFILE_URLS is unset", () => {
    const { container } = render(<NetworkProfileLinks profiles={[]} words={siteWords} />);
    expect(container.innerHTML).toBe("");
  });
});
