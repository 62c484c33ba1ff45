import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readContent } from "#shared/content/read.ts";
import { PROOF_LOGO, PROOF_PEOPLE, PROOF_QUOTES, withProof } from "../../../tests/support/proof-fixtures";
import { modeLinks } from "#shared/routes.ts";
import WhoWeArePage from "#app/pages/_who-we-are.tsx";

const siteWords = readContent("site");
const shipped = readContent("whoWeAre");

const draw = (content = shipped) =>
  render(
    <WhoWeArePage
      content={content}
      newTabHint={siteWords.newTabHint}
      requestActions={modeLinks(siteWords.requestActions)}
    />,
  );

describe("Who We Are's people and proof", () => {
  it("ships no person, quote or logo: each section waits for the team's entries", () => {
    expect(shipped.people.members).toEqual([]);
    expect(shipped.quotes.items).toEqual([]);
    expect(shipped.supporter.logo).toBeUndefined();
  });

  it("draws neither section, and the supporter's initial, while they are empty", () => {
    const { container } = draw();
    expect(screen.queryByRole("heading", { name: new RegExp(shipped.people.intro.title) })).toBeNull();
    expect(screen.queryByRole("heading", { name: new RegExp(shipped.quotes.intro.title) })).toBeNull();
    expect(container.querySelector("#people, #quotes")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
  });

  it("draws each person by name, title, photo and profile, each quote with its attribution, and the logo", () => {
    const { container } = draw(withProof(shipped));
    const people = container.querySelector("#people")!;
    expect(people.getAttribute("aria-labelledby")).toBe("people-heading");
    for (const person of PROOF_PEOPLE) {
      expect(screen.getByRole("heading", { level: 3, name: new RegExp(person.name) })).toBeTruthy();
      expect(screen.getByText(person.title)).toBeTruthy();
    }
    const profile = screen.getByRole("link", { name: new RegExp(PROOF_PEOPLE[0]!.name) });
    expect(profile.getAttribute("href")).toBe(PROOF_PEOPLE[0]!.profile);
    expect(people.querySelector(`img[src="${PROOF_PEOPLE[0]!.photo}"]`)).not.toBeNull();
    // Without a photo, their initials; without a profile, no link.
    expect(screen.queryByRole("link", { name: new RegExp(PROOF_PEOPLE[1]!.name) })).toBeNull();
    expect(people.textContent).toContain("SO");
    for (const quote of PROOF_QUOTES) {
      expect(screen.getByText(`“${quote.text}”`)).toBeTruthy();
      expect(screen.getByText(quote.name).closest("figcaption")!.textContent).toContain(quote.role);
    }
    expect(container.querySelector(`img[src="${PROOF_LOGO}"]`)).not.toBeNull();
  });
});
