import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { HubSpotConfig } from "#shared/site-config.ts";
import { FormLoader } from "./form-loader";
import type { HubSpotEmbed, HubSpotFormOptions } from "./hubspot";
import type { InvitationMode } from "#shared/invitation/mode.ts";
import { testRequestWords as requestInvitationContent, WithRequestWords } from "./with-request-words";

const HUBSPOT: HubSpotConfig = {
  portalId: "123456",
  formIds: { candidate: "form-candidate", employer: "form-employer" },
  region: "na1",
  embed: "legacy",
};
const forms = { candidate: { name: "HubSpot form-candidate" }, employer: { name: "HubSpot form-employer" } };
const loader = requestInvitationContent.loader;
const INTRO = { heading: "Tell us about your leadership", lead: "Your details stay confidential." };

/** HubSpot's legacy `hbspt.forms.create`, as far as the loader relies on it: a form per id, ready after rendering. */
function fakeLegacyEmbed(): HubSpotEmbed {
  const create = (options: HubSpotFormOptions) => {
    const target = typeof options.target === "string" ? document.querySelector(options.target) : options.target;
    const form = document.createElement("form");
    form.setAttribute("aria-label", `HubSpot ${options.formId}`);
    form.innerHTML = '<label>Email <input name="email" type="email" required></label><button>Send</button>';
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      queueMicrotask(() => options.onFormSubmitted?.(form, { submissionValues: {} }));
    });
    target!.append(form);
    queueMicrotask(() => options.onFormReady?.(form));
  };
  return { forms: { create } };
}

// happy-dom never fetches scripts; this switch makes it report every script as loaded.
const settings = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } })
  .happyDOM.settings;
beforeEach(() => {
  settings.handleDisabledFileLoadingAsSuccess = true;
  window.hbspt = fakeLegacyEmbed();
});

function renderLoader(mode: InvitationMode, onSubmitted = vi.fn(), fallback?: ReactNode) {
  const ui = (current: InvitationMode) => (
    <StrictMode>
      <FormLoader
        key={current}
        mode={current}
        hubspot={HUBSPOT}
        contactEmail="team@example.com"
        onSubmitted={onSubmitted}
        intro={INTRO}
        fallback={fallback}
      />
    </StrictMode>
  );
  const view = render(ui(mode), { wrapper: WithRequestWords });
  return { ...view, onSubmitted, switchTo: (next: InvitationMode) => view.rerender(ui(next)) };
}

afterEach(() => {
  delete window.hbspt;
  settings.handleDisabledFileLoadingAsSuccess = false;
  document.head.replaceChildren();
});

describe("FormLoader", () => {
  it("shows the loading status, then exactly one form despite StrictMode's double mount", async () => {
    const { container } = renderLoader("candidate");
    expect(screen.getByRole("status").textContent).toBe(loader.loading);

    await screen.findByRole("form", { name: forms.candidate.name });
    expect(screen.queryByRole("status")).toBeNull();
    expect(container.querySelectorAll("form")).toHaveLength(1);
  });

  it("replaces the form on a mode change, leaving one", async () => {
    const { container, switchTo } = renderLoader("candidate");
    await screen.findByRole("form", { name: forms.candidate.name });

    switchTo("employer");
    await screen.findByRole("form", { name: forms.employer.name });
    expect(container.querySelectorAll("form")).toHaveLength(1);
  });

  it("reports a submission of the current form", async () => {
    const { onSubmitted } = renderLoader("employer");
    const user = userEvent.setup();
    await screen.findByRole("form", { name: forms.employer.name });
    await user.type(screen.getByLabelText("Email"), "a@b.co");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await vi.waitFor(() => expect(onSubmitted).toHaveBeenCalledTimes(1));
  });

  it("shows the failure, a mailto fallback naming the mode, and retries", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    // An embed whose create throws: the loader must fail, not hang.
    window.hbspt = {
      forms: {
        create: () => {
          throw new Error("blocked");
        },
      },
    };
    renderLoader("employer");
    expect((await screen.findByRole("alert")).textContent).toBe(loader.failed);
    const mailto = screen.getByRole("link", { name: "team@example.com" });
    expect(mailto.getAttribute("href")).toBe(
      `mailto:team@example.com?subject=${encodeURIComponent(requestInvitationContent.modes.employer.mailSubject)}`,
    );

    window.hbspt = fakeLegacyEmbed();
    await userEvent.setup().click(screen.getByRole("button", { name: loader.retry }));
    await screen.findByRole("form", { name: forms.employer.name });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("failed, puts what the page gives it first, then the failure and Try Again, and says why in the lead", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const create = vi.fn(() => {
      throw new Error("blocked");
    });
    window.hbspt = { forms: { create } };
    renderLoader("candidate", vi.fn(), <p>Another way to send it</p>);
    expect(screen.queryByText("Another way to send it")).toBeNull();
    expect(screen.getByText(INTRO.lead)).toBeTruthy();
    const failure = await screen.findByRole("alert");
    const ownForm = screen.getByText("Another way to send it");
    // The working form leads: nothing of the failure stands above it.
    expect(ownForm.compareDocumentPosition(failure) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(ownForm.compareDocumentPosition(screen.getByRole("button", { name: loader.retry }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.getByRole("heading", { name: INTRO.heading }).nextElementSibling!.textContent).toBe(
      loader.ownFormFirst,
    );
    expect(screen.queryByText(INTRO.lead)).toBeNull();
  });
});
