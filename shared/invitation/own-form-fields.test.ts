import { describe, expect, it } from "vitest";
import { requestInvitationContent } from "#app/content/request-invitation";
import { INVITATION_MODES } from "./mode";
import { ownFormFields } from "./own-form-fields";
import { REQUEST_FIELDS } from "./request-schema";

describe("ownFormFields", () => {
  it.each(INVITATION_MODES)(
    "gives the %s form the schema's fields in its order, each with its rule and words",
    (mode) => {
      const words: Record<string, object> = requestInvitationContent.ownForm.forms[mode].fields;
      expect(ownFormFields(mode)).toEqual(REQUEST_FIELDS[mode].map((rule) => ({ ...rule, ...words[rule.name] })));
      expect(ownFormFields(mode).map((field) => field.name)).toEqual(REQUEST_FIELDS[mode].map((rule) => rule.name));
    },
  );
});
