import { describe, expect, it } from "vitest";
import { pages } from "~/content/pages";
import { requestPages } from "~/content/request-invitation";
import { socialCardPages } from "~/content/social-cards";
import { firstSentence, socialCardFor, socialCardName } from "./social-card";

describe("socialCardName", () => {
  it("names a card after its page's path and query, the home page `home`", () => {
    expect(socialCardName("/")).toBe("home");
    expect(socialCardName("/mission")).toBe("mission");
    expect(socialCardName("/request-invitation/received/employer")).toBe("request-invitation-received-employer");
    expect(socialCardName("/request-invitation?type=employer")).toBe("request-invitation-employer");
  });
});

describe("firstSentence", () => {
  it("keeps the first sentence, whole, and a text of one sentence as it is", () => {
    expect(firstSentence("Your brief has been received. We reply within 48 hours.")).toBe(
      "Your brief has been received.",
    );
    expect(firstSentence("TA leaders: request your invitation. Employers: submit a brief.")).toBe(
      "TA leaders: request your invitation.",
    );
    expect(firstSentence("No full stop at all")).toBe("No full stop at all");
    expect(firstSentence("Version 2.5 is out. Read on.")).toBe("Version 2.5 is out.");
  });
});

describe("socialCardFor", () => {
  it("shows the page's name, heading and first sentence, and its alt text says so", () => {
    const card = socialCardFor(pages.mission, "Talent Leaders Circle");
    expect(card).toMatchObject({ path: "/social/mission.png", width: 1200, height: 630 });
    expect(card.words).toEqual({
      eyebrow: "Our Mission",
      heading: pages.mission.heading,
      line: firstSentence(pages.mission.description),
    });
    expect(card.alt).toBe(
      `The Talent Leaders Circle, Our Mission: ${pages.mission.heading}. ${firstSentence(pages.mission.description)}`,
    );
    // A heading with its own punctuation gets no second.
    expect(socialCardFor(pages.requestReceived, "X").alt).toContain(`${pages.requestReceived.heading} Your`);
  });

  it("gives every page with HTML of its own, the employer page included, a card of its own", () => {
    const carded = socialCardPages.map(({ page }) => page);
    for (const page of [...Object.values(pages), requestPages.employer]) expect(carded).toContainEqual(page);
    const paths = carded.map((page) => socialCardFor(page, "X").path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
