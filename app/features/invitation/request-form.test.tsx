import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { site } from "#app/config/site.ts";
import { parseSiteConfig } from "#shared/site-config.ts";
import { RequestForm } from "./request-invitation-page";
import { testRequestWords as words, WithRequestWords } from "./with-request-words";

const original = { ...site };
const withHubSpot = parseSiteConfig({
  HUBSPOT_PORTAL_ID: "123456",
  HUBSPOT_FORM_ID_CANDIDATE: "0c1f8a4e-5b1a-4c55-9d0e-6a7d2b3c4d5e",
  HUBSPOT_FORM_ID_EMPLOYER: "7e2d9b10-3f4a-4b6c-8d1e-2f3a4b5c6d7e",
});

afterEach(() => void Object.assign(site, original));

function renderRequestForm(role: string | null) {
  render(<RequestForm mode="candidate" intro={{ heading: "Tell us", lead: "Lead" }} onSent={() => {}} role={role} />, {
    wrapper: WithRequestWords,
  });
}

describe("RequestForm on a site with HubSpot's forms", () => {
  // HubSpot's embedded form cannot carry the role: only the site's own form sends it on.
  it("shows the site's own form, ready at once, for a request about a role", () => {
    Object.assign(site, withHubSpot);
    renderRequestForm("vp-talent-acquisition");
    expect(screen.getByRole("form", { name: words.ownForm.forms.candidate.name })).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByText(words.loader.loading)).toBeNull();
  });
});
