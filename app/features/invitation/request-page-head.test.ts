import { describe, expect, it } from "vitest";
import { site } from "#app/config/site.ts";
import { readContent } from "#shared/content/read.ts";
import { requestPageHead } from "./request-page-head";

const requestInvitationContent = readContent("requestInvitation");
const head = (mode: "candidate" | "employer") => requestPageHead(mode, requestInvitationContent);

describe("requestPageHead", () => {
  it("names each mode's own URL as its canonical and og:url: the query for employers", () => {
    expect(head("candidate").canonical).toBe(`${site.siteUrl}/request-invitation`);
    expect(head("candidate").openGraph["og:url"]).toBe(`${site.siteUrl}/request-invitation`);
    expect(head("employer").canonical).toBe(`${site.siteUrl}/request-invitation?type=employer`);
    expect(head("employer").openGraph["og:url"]).toBe(`${site.siteUrl}/request-invitation?type=employer`);
  });

  it("shares each mode's own social card, the employer's from the employer's words", () => {
    expect(head("candidate").openGraph["og:image"]).toBe(`${site.siteUrl}/social/request-invitation.png`);
    expect(head("employer").openGraph["og:image"]).toBe(`${site.siteUrl}/social/request-invitation-employer.png`);
    expect(head("employer").openGraph["og:image:alt"]).toContain(requestInvitationContent.modes.employer.heading);
  });

  it("carries the mode's title and description, and keeps both modes indexable", () => {
    const { meta } = requestInvitationContent.modes.employer;
    expect(head("employer").title).toBe(`${meta.title} | The ${site.siteName}`);
    expect(head("employer").description).toBe(meta.description);
    expect(head("employer").robots).toBeNull();
    expect(head("candidate").robots).toBeNull();
  });
});
