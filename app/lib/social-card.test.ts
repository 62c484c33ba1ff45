import { describe, expect, it } from "vitest";
import { firstSentence, socialCardFor, socialCardName } from "./social-card";

const mission = {
  path: "/mission",
  title: "Our Mission",
  heading: "The right leader, in the right seat, at the right moment",
  description: "We match proven leaders with organizations. Both sides gain.",
};
const received = {
  path: "/request-invitation/received",
  title: "Invitation Request Submitted",
  heading: "Invitation Request Submitted!",
  description: "Your invitation request has been received. We reply within 48 hours.",
};

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
    const card = socialCardFor(mission, "Talent Leaders Circle");
    expect(card).toMatchObject({ path: "/social/mission.png", width: 1200, height: 630 });
    expect(card.words).toEqual({
      eyebrow: "Our Mission",
      heading: mission.heading,
      line: firstSentence(mission.description),
    });
    expect(card.alt).toBe(
      `The Talent Leaders Circle, Our Mission: ${mission.heading}. ${firstSentence(mission.description)}`,
    );
    // A heading with its own punctuation gets no second.
    expect(socialCardFor(received, "X").alt).toContain(`${received.heading} Your`);
  });
});
