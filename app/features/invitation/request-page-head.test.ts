import { describe, expect, it } from "vitest";
import { site } from "~/config/site";
import { readContent } from "#shared/content/read";
import { requestPageHead } from "./request-page-head";

const requestInvitationContent = readContent("requestInvitation");

const tag = (mode: "candidate" | "employer", key: string) =>
  requestPageHead(mode, requestInvitationContent).find(
    (entry) =>
      ("property" in entry && entry.property === key) ||
      ("name" in entry && entry.name === key) ||
      ("rel" in entry && entry.rel === key),
  );

describe("requestPageHead", () => {
  it("names each mode's own URL as its canonical and og:url: the query for employers", () => {
    expect(tag("candidate", "canonical")).toMatchObject({ href: `${site.siteUrl}/request-invitation` });
    expect(tag("candidate", "og:url")).toMatchObject({ content: `${site.siteUrl}/request-invitation` });
    expect(tag("employer", "canonical")).toMatchObject({ href: `${site.siteUrl}/request-invitation?type=employer` });
    expect(tag("employer", "og:url")).toMatchObject({ content: `${site.siteUrl}/request-invitation?type=employer` });
  });

  it("shares each mode's own social card, the employer's from the employer's words", () => {
    expect(tag("candidate", "og:image")).toMatchObject({ content: `${site.siteUrl}/social/request-invitation.png` });
    expect(tag("employer", "og:image")).toMatchObject({
      content: `${site.siteUrl}/social/request-invitation-employer.png`,
    });
    expect(tag("employer", "og:image:alt")).toMatchObject({
      content: expect.stringContaining(requestInvitationContent.modes.employer.heading),
    });
  });

  it("carries the mode's title and description, and keeps both modes indexable", () => {
    const { meta } = requestInvitationContent.modes.employer;
    expect(requestPageHead("employer", requestInvitationContent)[0]).toEqual({
      title: `${meta.title} | The ${site.siteName}`,
    });
    expect(tag("employer", "description")).toMatchObject({ content: meta.description });
    expect(tag("employer", "robots")).toBeUndefined();
    expect(tag("candidate", "robots")).toBeUndefined();
  });
});
