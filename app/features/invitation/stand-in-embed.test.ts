import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { requestInvitationContent } from "~/content/request-invitation";
import { DEFAULT_HUBSPOT_REGION, STAND_IN_FORM_IDS, STAND_IN_PORTAL_ID, type HubSpotFormOptions } from "./hubspot";
import { INVITATION_MODES } from "./mode";
import { installStandInEmbed } from "./stand-in-embed";

const forms = requestInvitationContent.standInForm.forms;

function create(mode: "candidate" | "employer", callbacks: Partial<HubSpotFormOptions> = {}) {
  const target = document.createElement("div");
  target.id = `target-${mode}`;
  document.body.append(target);
  installStandInEmbed();
  window.hbspt!.forms!.create!({
    region: DEFAULT_HUBSPOT_REGION,
    portalId: STAND_IN_PORTAL_ID,
    formId: STAND_IN_FORM_IDS[mode],
    target: `#${target.id}`,
    ...callbacks,
  });
  return target;
}

afterEach(() => {
  delete window.hbspt;
  document.body.replaceChildren();
});

describe("the stand-in embed", () => {
  it("leaves an embed that is already installed alone", () => {
    const existing = { forms: { create: vi.fn() } };
    window.hbspt = existing;
    installStandInEmbed();
    expect(window.hbspt).toBe(existing);
  });

  it.each(INVITATION_MODES)("renders the %s form with labelled, required fields and reports ready", async (mode) => {
    const onFormReady = vi.fn();
    create(mode, { onFormReady });

    const form = screen.getByRole("form", { name: forms[mode].name });
    for (const field of forms[mode].fields) {
      const input = screen.getByLabelText(field.label);
      expect(input).toBeInstanceOf(HTMLInputElement);
      expect((input as HTMLInputElement).required).toBe(true);
      expect((input as HTMLInputElement).type).toBe(field.type);
      expect((input as HTMLInputElement).name).toBe(field.name);
    }
    expect(screen.getByRole("button", { name: forms[mode].submit })).toHaveProperty("type", "submit");
    expect(onFormReady).not.toHaveBeenCalled(); // never from inside create, as HubSpot
    await Promise.resolve();
    expect(onFormReady).toHaveBeenCalledWith(form);
  });

  it("calls onFormSubmit then onFormSubmitted with the values", async () => {
    const order: string[] = [];
    const onFormSubmit = vi.fn(() => order.push("submit"));
    const onFormSubmitted = vi.fn(() => order.push("submitted"));
    create("employer", { onFormSubmit, onFormSubmitted });
    const user = userEvent.setup();
    const values: Record<string, string> = {
      firstname: "Ada",
      lastname: "Lovelace",
      email: "ada@example.com",
      company: "Analytical Engines",
      role_to_fill: "VP, Talent Acquisition",
    };
    for (const field of forms.employer.fields) await user.type(screen.getByLabelText(field.label), values[field.name]!);
    await user.click(screen.getByRole("button", { name: forms.employer.submit }));

    await vi.waitFor(() => expect(onFormSubmitted).toHaveBeenCalled());
    expect(order).toEqual(["submit", "submitted"]);
    expect(onFormSubmitted.mock.calls[0]).toEqual([
      screen.getByRole("form", { name: forms.employer.name }),
      { submissionValues: values },
    ]);
  });

  it("throws for a form id it does not know, as creation errors do", () => {
    installStandInEmbed();
    expect(() =>
      window.hbspt!.forms!.create!({
        region: DEFAULT_HUBSPOT_REGION,
        portalId: STAND_IN_PORTAL_ID,
        formId: "unknown",
        target: document.body,
      }),
    ).toThrow(/unknown form id/);
  });
});
