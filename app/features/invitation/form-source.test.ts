import { describe, expect, it } from "vitest";
import { requestInvitationContent } from "~/content/request-invitation";
import { formFor } from "./form-source";
import { DEFAULT_HUBSPOT_REGION, STAND_IN_FORM_IDS } from "./hubspot";
import { INVITATION_MODES } from "./mode";

// The unit tests build with no HubSpot ids: the stand-in, which speaks the legacy embed's API.
describe("formFor", () => {
  it.each(INVITATION_MODES)("%s: the stand-in form, created as a legacy form in region na1", (mode) => {
    expect(formFor(mode)).toMatchObject({
      embed: "legacy",
      region: DEFAULT_HUBSPOT_REGION,
      formId: STAND_IN_FORM_IDS[mode],
    });
  });

  it.each(INVITATION_MODES)("%s: the inline thank-you is the mode's confirmation, as escaped HTML", (mode) => {
    const { inlineMessage } = formFor(mode);
    const html = (text: string) => text.replaceAll("'", "&#39;");
    expect(inlineMessage).toBe(
      `<p>${html(requestInvitationContent.confirmation.title)}</p>` +
        `<p>${html(requestInvitationContent.modes[mode].confirmationBody)}</p>`,
    );
  });
});
