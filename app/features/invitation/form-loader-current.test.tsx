import { render, screen } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { HubSpotConfig } from "#shared/site-config.ts";
import { FormLoader } from "./form-loader";
import { HUBSPOT_FORM_EVENTS } from "./hubspot";
import { testRequestWords as requestInvitationContent, WithRequestWords } from "./with-request-words";

const FORM_IDS = {
  candidate: "0c1f8a4e-5b1a-4c55-9d0e-6a7d2b3c4d5e",
  employer: "7e2d9b10-3f4a-4b6c-8d1e-2f3a4b5c6d7e",
};
const SCRIPT = "https://js-ap1.hsforms.net/forms/embed/123456.js";

// A build configured for HubSpot's current embed in region ap1.
const HUBSPOT: HubSpotConfig = { portalId: "123456", formIds: FORM_IDS, region: "ap1", embed: "current" };

// happy-dom never fetches scripts; this switch makes it report every script as loaded.
const settings = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } })
  .happyDOM.settings;

afterEach(() => {
  settings.handleDisabledFileLoadingAsSuccess = false;
  document.head.replaceChildren();
});

describe("FormLoader with HubSpot's current embed", () => {
  it("puts one form frame on the page despite StrictMode's double mount, loads the region's script once, and is ready on on-ready", async () => {
    settings.handleDisabledFileLoadingAsSuccess = true;
    const { container, rerender } = render(
      <StrictMode>
        <FormLoader
          key="employer"
          mode="employer"
          hubspot={HUBSPOT}
          contactEmail="team@example.com"
          onSubmitted={vi.fn()}
          intro={{ heading: "Share your talent brief", lead: "A few details are enough to start." }}
        />
      </StrictMode>,
      { wrapper: WithRequestWords },
    );
    const frames = () => container.querySelectorAll<HTMLElement>(".hs-form-frame");
    expect(frames()).toHaveLength(1);
    expect({ ...frames()[0]!.dataset }).toEqual({ region: "ap1", portalId: "123456", formId: FORM_IDS.employer });
    expect(document.querySelectorAll(`script[src="${SCRIPT}"]`)).toHaveLength(1);
    expect(screen.getByRole("status").textContent).toBe(requestInvitationContent.loader.loading);

    frames()[0]!.dispatchEvent(
      new CustomEvent(HUBSPOT_FORM_EVENTS.ready, { bubbles: true, detail: { formId: FORM_IDS.employer } }),
    );
    await vi.waitFor(() => expect(screen.queryByRole("status")).toBeNull());

    // A mode change: a new frame for the other form, the same script.
    rerender(
      <StrictMode>
        <FormLoader
          key="candidate"
          mode="candidate"
          hubspot={HUBSPOT}
          contactEmail="team@example.com"
          onSubmitted={vi.fn()}
          intro={{ heading: "Share your talent brief", lead: "A few details are enough to start." }}
        />
      </StrictMode>,
    );
    expect(frames()).toHaveLength(1);
    expect(frames()[0]!.dataset.formId).toBe(FORM_IDS.candidate);
    expect(document.querySelectorAll(`script[src="${SCRIPT}"]`)).toHaveLength(1);
  });
});
