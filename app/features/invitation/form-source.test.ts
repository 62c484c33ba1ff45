import { describe, expect, it } from "vitest";
import type { HubSpotConfig } from "#shared/site-config.ts";
import { formFor } from "./form-source";
import { INVITATION_MODES } from "#shared/invitation/mode.ts";
import { testRequestWords, testRequestWords as requestInvitationContent } from "./with-request-words";

const hubspot: HubSpotConfig = {
  portalId: "123456",
  formIds: { candidate: "form-candidate", employer: "form-employer" },
  region: "eu1",
  embed: "legacy",
};

describe("formFor", () => {
  it.each(INVITATION_MODES)("%s: the mode's form id with the configured embed and region", (mode) => {
    expect(formFor(mode, hubspot, testRequestWords)).toMatchObject({
      embed: "legacy",
      region: "eu1",
      portalId: "123456",
      formId: `form-${mode}`,
    });
  });

  it.each(INVITATION_MODES)("%s: the inline thank-you is the mode's confirmation, as escaped HTML", (mode) => {
    const { inlineMessage } = formFor(mode, hubspot, testRequestWords);
    const html = (text: string) => text.replaceAll("'", "&#39;");
    expect(inlineMessage).toBe(
      `<p>${html(requestInvitationContent.confirmation.title)}</p>` +
        `<p>${html(requestInvitationContent.modes[mode].confirmationBody)}</p>`,
    );
  });
});
